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

  it('a new email is not applied at once: the notice says where the link went (issue 21)', async () => {
    mockApi({
      'POST /api/update-user': ({ body }) => ({
        body: { success: true, user: { ...makeProfile(), pendingEmail: String((body as { email: string }).email).toLowerCase() } },
      }),
    });
    const { onNotice } = renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onNotice).toHaveBeenLastCalledWith({ tone: 'success', message: `${MSG.profileUpdated} ${MSG.emailChangeSent('new@example.com')}` }),
    );
    // The field shows the address in use again; the pending one is the profile's to show.
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe('dot@example.com');
  });

  it('shows a pending address under the email field until it is confirmed (issue 21)', () => {
    render(<ProfileForm profile={makeProfile({ pendingEmail: 'next@example.com' })} onNotice={vi.fn()} onSaved={vi.fn(async () => undefined)} />);
    const field = screen.getByLabelText('Email Address') as HTMLInputElement;
    expect(field.value).toBe('dot@example.com');
    const hint = screen.getByText(MSG.emailChangePending('next@example.com'));
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(hint.id);
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
