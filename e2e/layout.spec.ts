import { EXTERNAL_TONES_URL, MSG, SUPPORT_EMAIL } from '@glyphary/shared';
import { expect, test } from './fixtures.ts';

test.describe('top bar and footer', () => {
  test('search submits the trimmed term and ignores an empty one', async ({ page }) => {
    await page.goto('/');
    const topBar = page.getByRole('banner');
    const search = topBar.getByRole('searchbox', { name: 'Search glyphs' });
    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL('/');
    await search.fill('  boot animation  ');
    await search.press('Enter');
    await expect(page).toHaveURL('/search?q=boot+animation');
    // Hidden on /search and /request-glyphs (those screens have their own search).
    await expect(page.getByRole('heading', { name: 'Search Glyphs', level: 1 })).toBeVisible();
    await expect(topBar.getByRole('searchbox')).toHaveCount(0);
    await page.goto('/request-glyphs');
    await expect(page.getByRole('heading', { name: 'Request Glyph Toys', level: 1 })).toBeVisible();
    await expect(topBar.getByRole('searchbox')).toHaveCount(0);
    await page.goto('/');
    await expect(topBar.getByRole('searchbox', { name: 'Search glyphs' })).toBeVisible();
  });

  test('signed out: Login and Sign Up; footer links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upload Glyph' })).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    const tones = footer.getByRole('link', { name: /Nothing Tones/ });
    await expect(tones).toHaveAttribute('href', EXTERNAL_TONES_URL);
    await expect(tones).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('signed in: Upload Glyph and every user menu item', async ({ page, signedInUser }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Upload Glyph' })).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    const items = page.getByRole('menuitem');
    await expect(items).toHaveText(['My Storefront', 'Dashboard', 'Liked Posts', 'Request Glyphs', 'My Requests', 'Settings', 'Logout']);
    await page.getByRole('menuitem', { name: 'My Storefront' }).click();
    await expect(page).toHaveURL(`/storefront/${signedInUser.username}`);
  });

  test('mobile menu: a dialog with the same items; Escape closes it', async ({ page, signedInUser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText(`@${signedInUser.username}`)).toBeVisible();
    await expect(sheet.getByRole('navigation', { name: 'User menu' }).getByRole('link')).toHaveText([
      'My Storefront',
      'Dashboard',
      'Liked Posts',
      'Request Glyphs',
      'My Requests',
      'Settings',
    ]);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await sheet.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL('/settings');
    await expect(sheet).toBeHidden();
  });

  test('settings: a bad image URL is refused with the spec message', async ({ page, signedInUser }) => {
    await page.goto('/settings');
    await expect(page.getByText('Recommended: 400x400 or larger')).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveValue(signedInUser.email);
    await expect(page.getByLabel('Email Address')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Website')).toHaveAttribute('type', 'url');
    await expect(page.getByLabel('Profile Picture URL')).toHaveAttribute('type', 'url');
    await page.getByLabel('Profile Picture URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.profileUpdateFailed(MSG.imageUrlInvalid));
  });
});
