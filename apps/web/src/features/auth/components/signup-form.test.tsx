import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@glyphary/shared';
import { mockApi, sessionHandlers } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

/** The real /signup route (signed out), with its SignupForm. */
async function renderSignup() {
  renderApp('/signup');
  await screen.findByRole('button', { name: 'Create account' });
}

async function fill(values: { email: string; username: string; displayName: string; password: string; confirmPassword: string }) {
  const user = userEvent.setup();
  for (const [label, value] of [
    ['Email', values.email],
    ['Username', values.username],
    ['Display Name', values.displayName],
    ['Password', values.password],
    ['Confirm Password', values.confirmPassword],
  ] as const) {
    const input = screen.getByLabelText(label, { selector: 'input' });
    await user.clear(input);
    if (value) {
      await user.click(input);
      await user.paste(value);
    }
    expect((input as HTMLInputElement).value).toBe(value);
  }
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignupForm', () => {
  it('shows the spec §5 messages in order and never calls the API while invalid', async () => {
    const fetchMock = mockApi(sessionHandlers(null));
    await renderSignup();
    const base = { email: 'new@example.com', displayName: 'New One' };

    await fill({ ...base, username: 'ab', password: 'abc', confirmPassword: 'abd' });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.passwordsDoNotMatch);

    await fill({ ...base, username: 'ab', password: 'abc', confirmPassword: 'abc' });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.passwordTooShort);

    await fill({ ...base, username: 'ab', password: 'secret-dots', confirmPassword: 'secret-dots' });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.usernameTooShort);

    await fill({ ...base, username: 'bad name!', password: 'secret-dots', confirmPassword: 'secret-dots' });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.usernameChars);

    const signUpCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/sign-up/'));
    expect(signUpCalls).toHaveLength(0);
  });

  it("shows the server's spec §8 message when the email is taken", async () => {
    const fetchMock = mockApi({
      ...sessionHandlers(null),
      'POST /api/auth/sign-up/email': () => ({ status: 409, body: { error: MSG.emailInUse, code: 'USER_ALREADY_EXISTS' } }),
    });
    await renderSignup();
    await fill({ email: 'taken@example.com', username: 'dot_maker', displayName: 'Dot', password: 'secret-dots', confirmPassword: 'secret-dots' });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.emailInUse);
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/sign-up/'));
    expect(JSON.parse(String((call?.[1] as RequestInit).body))).toEqual({
      email: 'taken@example.com',
      password: 'secret-dots',
      name: 'Dot',
      username: 'dot_maker',
    });
  });
});
