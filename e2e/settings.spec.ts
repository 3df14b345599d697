import { MSG } from '@glyphary/shared';
import { expect, expectNoAxeViolations, test, waitForMail } from './fixtures.ts';

// A real 2×2 PNG: the server decodes and re-encodes every image (WebP + thumbnail).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('settings: pictures (issue 8)', () => {
  test('upload a banner and a profile picture; the top bar and the storefront show them at once', async ({ page, signedInUser }) => {
    await page.goto('/settings');
    const bannerUrl = page.getByLabel('Banner Image URL');
    const pictureUrl = page.getByLabel('Profile Picture URL');
    await expect(page.getByText(MSG.profilePictureHint)).toBeVisible();
    await expect(bannerUrl).toBeEnabled();

    await page.getByLabel('Upload a banner image', { exact: true }).setInputFiles([{ name: 'banner.png', mimeType: 'image/png', buffer: PNG }]);
    // spec §2: the URL input is disabled while an uploaded file is in use.
    await expect(bannerUrl).toBeDisabled();
    await expect(bannerUrl).toHaveValue(/^\/api\/files\/images\/[0-9a-f-]{36}\.webp$/);
    await page.getByLabel('Upload a profile picture', { exact: true }).setInputFiles([{ name: 'me.png', mimeType: 'image/png', buffer: PNG }]);
    await expect(pictureUrl).toBeDisabled();
    const pictureSrc = await pictureUrl.inputValue();
    const bannerSrc = await bannerUrl.inputValue();
    expect(pictureSrc).not.toBe(bannerSrc);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.profileUpdated })).toBeVisible();
    // Saved: the fields are plain URLs again, enabled, holding the stored pictures.
    await expect(pictureUrl).toBeEnabled();
    await expect(pictureUrl).toHaveValue(pictureSrc);

    // The top bar shows the new picture without a reload.
    const avatar = page.getByRole('button', { name: /User menu/ }).locator(`img[src="${pictureSrc}"]`);
    await expect(avatar).toBeVisible();
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.goto(`/storefront/${signedInUser.username}`);
    for (const src of [bannerSrc, pictureSrc]) {
      const image = page.locator(`main img[src="${src}"]`).first();
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  });

  test('a non-image is refused before it is sent, and the URL input stays usable', async ({ page, signedInUser: _user }) => {
    await page.goto('/settings');
    await page.getByLabel('Upload a profile picture', { exact: true }).setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expect(page.getByText(MSG.fileTypeImage).first()).toBeVisible();
    await expect(page.getByLabel('Profile Picture URL')).toBeEnabled();
  });
});

test.describe('settings: email change (issue 21)', () => {
  test('a new address waits for the link mailed to it; the old one is told; opening the link switches it', async ({ page, signedInUser }) => {
    const next = `next-${signedInUser.email}`;
    await page.goto('/settings');
    const email = page.getByLabel('Email Address');
    await expect(email).toHaveValue(signedInUser.email);
    await email.fill(next);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.emailChangeSent(next) })).toBeVisible();
    // Not applied yet: the field keeps the address in use and says which one is pending.
    await expect(email).toHaveValue(signedInUser.email);
    await expect(page.getByText(MSG.emailChangePending(next))).toBeVisible();
    await expectNoAxeViolations(page);

    const notice = await waitForMail(signedInUser.email);
    expect(notice.text).toContain(next);
    const mail = await waitForMail(next);
    const link = /https?:\/\/\S+confirm-email-change\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link as string);
    await expect(page).toHaveURL('/settings');
    await expect(page.getByRole('status').filter({ hasText: MSG.emailChangeConfirmed })).toBeVisible();
    await expect(email).toHaveValue(next);
    await expect(page.getByText(MSG.emailChangePending(next))).toHaveCount(0);

    // The link works once.
    await page.goto(link as string);
    await expect(page.getByRole('alert').filter({ hasText: MSG.emailChangeInvalid })).toBeVisible();
  });
});
