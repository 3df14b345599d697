import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@glyphary/shared';
import { makeProfile, mockApi } from '../../../test/api-mock.ts';
import { ProfileForm } from './profile-form.tsx';

function renderForm() {
  const onNotice = vi.fn();
  const onSaved = vi.fn(async () => undefined);
  render(<ProfileForm profile={makeProfile()} onNotice={onNotice} onSaved={onSaved} />);
  return { onNotice, onSaved };
}

describe('ProfileForm', () => {
  it('saves every field and reports success', async () => {
    const fetchMock = mockApi({ 'POST /api/update-user': ({ body }) => ({ body: { success: true, user: { ...makeProfile(), ...(body as object) } } }) });
    const { onNotice, onSaved } = renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Display Name'), 'New Name');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onNotice).toHaveBeenLastCalledWith({ tone: 'success', message: MSG.profileUpdated }));
    expect(onSaved).toHaveBeenCalledTimes(1);
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({
      displayName: 'New Name',
      username: 'dot_maker',
      email: 'dot@example.com',
      bio: '',
      location: '',
      website: '',
      profilePicture: null,
      bannerImage: null,
    });
  });

  it('shows the recent-login message for a 403 RECENT_LOGIN_REQUIRED', async () => {
    mockApi({ 'POST /api/update-user': () => ({ status: 403, body: { error: MSG.profileRecentLogin, code: 'RECENT_LOGIN_REQUIRED' } }) });
    const { onNotice, onSaved } = renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onNotice).toHaveBeenLastCalledWith({ tone: 'error', message: MSG.profileRecentLogin }));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("wraps other failures as 'Failed to update profile: {message}'", async () => {
    mockApi({ 'POST /api/update-user': () => ({ status: 409, body: { error: MSG.usernameTaken, code: 'USERNAME_TAKEN' } }) });
    const { onNotice } = renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onNotice).toHaveBeenLastCalledWith({ tone: 'error', message: MSG.profileUpdateFailed(MSG.usernameTaken) }));
  });
});
