import { MSG } from '@glyphary/shared';
import {
  chooseFromUserMenu,
  expect,
  fillSignupForm,
  loginViaUi,
  signUpViaUi,
  test,
  uniqueUser,
  waitForMail,
} from './fixtures.ts';

test.describe('account lifecycle', () => {
  test('sign up, edit profile, sign out, sign in, delete the account', async ({ page }) => {
    const user = uniqueUser();
    await signUpViaUi(page, user);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(user.displayName);
    // The new account is welcomed with its two next steps, until it dismisses the welcome.
    const welcome = page.getByRole('region', { name: MSG.welcomeTitle(user.displayName) });
    await expect(welcome.getByRole('link', { name: MSG.welcomeStorefront })).toHaveAttribute('href', '/settings');
    await expect(welcome.getByRole('link', { name: MSG.welcomeShare })).toHaveAttribute('href', '/upload');
    await welcome.getByRole('button', { name: MSG.welcomeDismiss }).click();
    await expect(welcome).toHaveCount(0);

    await chooseFromUserMenu(page, 'Settings');
    await expect(page).toHaveURL('/settings');
    await expect(page).toHaveTitle('Settings · Glyphary');
    const newName = `Renamed ${user.username.slice(-4)}`;
    await page.getByLabel('Display Name').fill(newName);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.profileUpdated })).toBeVisible();
    // The top bar shows the saved profile at once.
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(newName);

    await chooseFromUserMenu(page, 'Logout');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    await page.getByRole('link', { name: 'Login' }).click();
    await loginViaUi(page, user);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(newName);

    await chooseFromUserMenu(page, 'Settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    const danger = page.getByRole('region', { name: 'Danger Zone' });
    await danger.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.deleteAccountPasswordRequired);

    await danger.getByLabel('Current Password').fill(user.password);
    await danger.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    // Hold the deletion until 'Deleting...' has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/delete-user-data', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    release();
    await expect(page.getByText(MSG.accountDeleted)).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.loginUserNotFound);
  });

  test('a wrong password does not delete the account', async ({ page, signedInUser }) => {
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    const danger = page.getByRole('region', { name: 'Danger Zone' });
    await danger.getByLabel('Current Password').fill(`${signedInUser.password}x`);
    await danger.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.deleteAccountFailed(MSG.loginWrongPassword));
    await page.reload();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeEnabled();
  });
});

test.describe('signup and login errors', () => {
  test('signup shows each validation message in the spec order', async ({ page }) => {
    const user = uniqueUser();
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign up · Glyphary');
    const submit = page.getByRole('button', { name: 'Create account' });
    const alert = page.getByRole('alert');

    // 1. passwords must match (checked before anything else, even with a short username)
    await fillSignupForm(page, { ...user, username: 'ab', password: 'abc', confirmPassword: 'abd' });
    await submit.click();
    await expect(alert).toHaveText(MSG.passwordsDoNotMatch);
    // 2. password length
    await fillSignupForm(page, { ...user, username: 'ab', password: 'abc', confirmPassword: 'abc' });
    await submit.click();
    await expect(alert).toHaveText(MSG.passwordTooShort);
    // 3. username length
    await fillSignupForm(page, { ...user, username: 'ab', confirmPassword: user.password });
    await submit.click();
    await expect(alert).toHaveText(MSG.usernameTooShort);
    // 4. username characters
    await fillSignupForm(page, { ...user, username: 'dot matrix!', confirmPassword: user.password });
    await submit.click();
    await expect(alert).toHaveText(MSG.usernameChars);
    await expect(page).toHaveURL('/signup');
  });

  test('signup with an email already in use', async ({ page, account }) => {
    const other = uniqueUser();
    await page.goto('/signup');
    await fillSignupForm(page, { ...other, email: account.email, confirmPassword: other.password });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.emailInUse);
  });

  test('login: unknown user, wrong password, invalid email', async ({ page, account }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Log in · Glyphary');
    const alert = page.getByRole('alert');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Log in' });

    await email.fill(uniqueUser().email);
    await password.fill('whatever-123');
    await submit.click();
    await expect(alert).toHaveText(MSG.loginUserNotFound);

    await email.fill(account.email);
    await password.fill(`${account.password}-wrong`);
    await submit.click();
    await expect(alert).toHaveText(MSG.loginWrongPassword);

    await email.fill('not-an-email');
    await submit.click();
    await expect(alert).toHaveText(MSG.invalidEmail);

    // The show/hide toggle reveals and hides the password.
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await page.getByRole('link', { name: 'Sign Up' }).last().click();
    await expect(page).toHaveURL('/signup');
  });
});

test.describe('passwords', () => {
  test('forgot password: the mail arrives, its link sets a new password', async ({ page, account }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(MSG.resetLinkSent);

    const mail = await waitForMail(account.email);
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link as string);
    await expect(page).toHaveURL(/\/reset-password\?token=/);

    const newPassword = `${account.password}-new`;
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.newPasswordsDoNotMatch);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status')).toHaveText(MSG.passwordResetDone);

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
    await loginViaUi(page, { email: account.email, password: newPassword });
  });

  test('forgot password answers the same for an unknown email', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(uniqueUser().email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(MSG.resetLinkSent);
  });

  test('change password, then sign in with the new one', async ({ page, signedInUser }) => {
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    const form = page.getByRole('region', { name: 'Change Password' });
    const current = form.getByLabel('Current Password');
    const next = form.getByLabel('New Password', { exact: true });
    const confirm = form.getByLabel('Confirm New Password');
    const submit = form.getByRole('button', { name: 'Update Password' });
    const alert = page.getByRole('alert');

    await current.fill(signedInUser.password);
    await next.fill('abcdefgh1');
    await confirm.fill('abcdefgh2');
    await submit.click();
    await expect(alert).toHaveText(MSG.newPasswordsDoNotMatch);

    await next.fill('abc');
    await confirm.fill('abc');
    await submit.click();
    await expect(alert).toHaveText(MSG.passwordTooShort);

    const newPassword = `${signedInUser.password}-2`;
    await current.fill(`${signedInUser.password}-wrong`);
    await next.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(alert).toHaveText(MSG.currentPasswordIncorrect);

    await current.fill(signedInUser.password);
    await submit.click();
    await expect(page.getByRole('status').filter({ hasText: MSG.passwordUpdated })).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');

    await chooseFromUserMenu(page, 'Logout');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await loginViaUi(page, { email: signedInUser.email, password: newPassword });
  });
});

test.describe('route guards', () => {
  test('signed out: protected routes go to /login and come back after logging in', async ({ page, account }) => {
    // (/liked too: see discovery.spec.ts, which checks the login page's 'Please log in…' text.)
    for (const route of ['/upload', '/my-requests', '/admin']) {
      await page.goto(route);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(route)}`);
    }
    await page.goto('/settings');
    await expect(page).toHaveURL('/login?redirect=%2Fsettings');
    await loginViaUi(page, account);
    await expect(page).toHaveURL('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });

  test('an off-site redirect parameter is ignored', async ({ page, account }) => {
    await page.goto('/login?redirect=//evil.example/steal');
    await loginViaUi(page, account);
    await expect(page).toHaveURL('/');
  });

  test('signed in: /login and /signup go to /, a non-admin on /admin goes to /', async ({ page, signedInUser }) => {
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await page.goto('/signup');
    await expect(page).toHaveURL('/');
    await page.goto('/admin');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(signedInUser.displayName);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'My Storefront' })).toBeVisible();
  });

  test('unknown paths render the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Glyphary');
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
  });
});
