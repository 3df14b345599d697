import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { InstallChoices } from './install-choices.tsx';

/** "Get updates" on a toy page: the Install page's choices with the toy's own links first (issue 49). */
export function GetUpdatesButton({ glyphId, packageName }: { glyphId: string; packageName: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Get updates
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Get updates on your phone">
        {open ? <InstallChoices toy={{ glyphId, packageName }} headingLevel={3} /> : null}
      </Dialog>
    </>
  );
}
