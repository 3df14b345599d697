import path from 'node:path';
import { SCREENSHOT_DIR, expect, expectNoAxeViolations, screenshot, test } from './fixtures.ts';

// Every page this part of the app owns: no axe violations, and screenshots at 390 and 1280 px.
test.describe('accessibility and screenshots', () => {
  const signedOutPages = [
    { path: '/login', name: 'login', heading: 'Log in' },
    { path: '/signup', name: 'signup', heading: 'Sign up' },
    { path: '/forgot-password', name: 'forgot-password', heading: 'Forgot password' },
    { path: '/reset-password?token=e2e-token', name: 'reset-password', heading: 'Reset password' },
    { path: '/no-such-page', name: 'not-found', heading: 'Page not found' },
    { path: '/', name: 'home-signed-out', heading: 'Glyph Toys for your Nothing Phone' },
  ];
  for (const { path, name, heading } of signedOutPages) {
    test(`signed out ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, name);
    });
  }

  test('login with an error banner', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('whatever-123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'login-error');
  });

  test('signed in: settings tabs, user menu, mobile menu', async ({ page, signedInUser }) => {
    await page.goto('/settings');
    await expect(page.getByLabel('Display Name')).toHaveValue(signedInUser.displayName);
    await expectNoAxeViolations(page);
    await screenshot(page, 'settings-profile');

    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByRole('region', { name: 'Danger Zone' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'settings-security');

    await page.getByRole('region', { name: 'Danger Zone' }).getByLabel('Current Password').fill(signedInUser.password);
    await page.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'settings-delete-dialog-1280.png') });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'user-menu-1280.png') });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'mobile-menu-390.png') });
  });
});
