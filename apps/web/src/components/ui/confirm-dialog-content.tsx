import type { ConfirmDialogProps } from './confirm-dialog.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';


/** The dialog of {@link ConfirmDialog}, loaded when it first opens. */
export default function ConfirmDialogContent({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  destructive = false,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      hideClose={pending}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'primary' : 'secondary'} onClick={onConfirm} loading={pending}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
