import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// Every page this part of the app owns: no axe violations.
test.describe('accessibility', () => {
  const signedOutPages = [
    { path: '/login', heading: 'Log in' },
    { path: '/signup', heading: 'Sign up' },
    { path: '/forgot-password', heading: 'Forgot password' },
    { path: '/reset-password?token=e2e-token', heading: 'Reset password' },
    { path: '/no-such-page', heading: 'Page not found' },
    { path: '/', heading: 'Glyph Toys for your Nothing Phone' },
  ];
  for (const { path, heading } of signedOutPages) {
    test(`signed out ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('login with an error banner', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('whatever-123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('signed in: settings tabs, user menu, mobile menu', async ({ page, signedInUser }) => {
    await page.goto('/settings');
    await expect(page.getByLabel('Display Name')).toHaveValue(signedInUser.displayName);
    // (The Profile tab is scanned in settings.spec.ts, with uploaded pictures and with a pending email.)

    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByRole('region', { name: 'Danger Zone' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('region', { name: 'Danger Zone' }).getByLabel('Current Password').fill(signedInUser.password);
    await page.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
