import { useState, type FormEvent } from 'react';
import { SETTINGS_MSG } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteAccountData } from '../api/delete-account.ts';
import type { SettingsNotice } from '../types.ts';

export interface DangerZoneProps {
  onNotice: (notice: SettingsNotice) => void;
  /** Confirms the password (fresh session). @throws on a wrong password. */
  reauthenticate: (password: string) => Promise<void>;
  /** After deletion: sign out and go to / (spec §4). */
  onDeleted: () => Promise<void> | void;
}

function reason(error: unknown): string {
  if (error instanceof ApiError) return error.message || error.code;
  if (error instanceof Error && error.message) return error.message;
  return 'unknown error';
}

/** spec §2 Settings › Danger Zone: current password, Delete Account, confirmation, 'Deleting...'. */
export function DangerZone({ onNotice, reauthenticate, onDeleted }: DangerZoneProps) {
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onNotice(null);
    if (!password) return onNotice({ tone: 'error', message: SETTINGS_MSG.deleteAccountPasswordRequired });
    setConfirming(true);
  }

  async function handleConfirm() {
    setPending(true);
    try {
      // spec §4: re-authenticate with the current password, then delete everything.
      await reauthenticate(password);
      await deleteAccountData();
    } catch (caught) {
      setPending(false);
      setConfirming(false);
      onNotice({ tone: 'error', message: SETTINGS_MSG.deleteAccountFailed(reason(caught)) });
      return;
    }
    await onDeleted();
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <p className="text-sm text-muted">Deleting your account removes your profile and all your glyphs for good. This action cannot be undone.</p>
      <PasswordInput label="Current Password" name="deletePassword" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <div>
        <Button type="submit" variant="danger" size="lg" loading={pending}>
          {pending ? 'Deleting...' : 'Delete Account'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        description="Your account, your profile and all your glyphs will be permanently deleted. This action cannot be undone."
        confirmLabel="Delete Account"
        pendingLabel="Deleting..."
        onConfirm={() => void handleConfirm()}
        pending={pending}
        destructive
      />
    </form>
  );
}
