import { useState, type FormEvent } from 'react';
import { validateNewPassword, COMMON_MSG, SETTINGS_MSG } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { changePassword } from '../api/change-password.ts';
import type { SettingsNotice } from '../types.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** spec §2 Settings › Security › Change Password (current, new, confirm; each with show/hide). */
export function ChangePasswordForm({ onNotice }: { onNotice: (notice: SettingsNotice) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onNotice(null);
    // spec §5: confirmation matches, then length; the current password is verified by the server.
    const invalid = validateNewPassword(values.newPassword, values.confirmPassword);
    if (invalid) return onNotice({ tone: 'error', message: invalid });
    setPending(true);
    try {
      await changePassword(values.currentPassword, values.newPassword);
      setValues(EMPTY);
      onNotice({ tone: 'success', message: SETTINGS_MSG.passwordUpdated });
    } catch (caught) {
      const message =
        caught instanceof ApiError && caught.message === SETTINGS_MSG.currentPasswordIncorrect
          ? SETTINGS_MSG.currentPasswordIncorrect
          : SETTINGS_MSG.passwordUpdateFailed(errorMessage(caught, COMMON_MSG.internal));
      onNotice({ tone: 'error', message });
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <PasswordInput label="Current Password" name="currentPassword" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} />
      <PasswordInput label="New Password" name="newPassword" autoComplete="new-password" hint="At least 6 characters." value={values.newPassword} onChange={set('newPassword')} />
      <PasswordInput label="Confirm New Password" name="confirmPassword" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} />
      <div>
        <Button type="submit" size="lg" loading={pending}>
          {pending ? 'Updating...' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
