import { buildApkEntries, createSigner, signApk, TWO_TOY_SPEC } from '@glyphary/test-support';
import { expect, expectNoAxeViolations, revealDeferredSections, test } from './fixtures.ts';
import { shareGlyph, uploadApk } from './support/data.ts';

// Issue 49: the Install page (repository link, QR code, fingerprint) and a toy's "Get updates".
test('the Install page shows the repository link, its QR code and the fingerprint the server signs with', async ({ page }) => {
  const repository = ((await (await page.request.get('/api/fdroid')).json()) as { repository: { fingerprint: string; addUrl: string; shareUrl: string } }).repository;
  expect(repository.fingerprint).toMatch(/^[0-9A-F]{64}$/);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Install on your phone' }).click();
  await expect(page).toHaveURL(/\/install$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Install on your phone' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add the Glyphary repository' })).toHaveAttribute('href', repository.addUrl);
  expect(repository.addUrl).toMatch(new RegExp(`^fdroidrepos?://127\\.0\\.0\\.1:\\d+/fdroid/repo\\?fingerprint=${repository.fingerprint}$`));
  await expect(page.getByRole('link', { name: repository.shareUrl })).toBeVisible();
  await expect(page.getByRole('img', { name: `QR code of ${repository.shareUrl}` })).toBeVisible();
  // Shown in pairs, as F-Droid shows it when adding the repository.
  await expect(page.getByText(repository.fingerprint.replace(/(..)(?!$)/g, '$1 '))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'F-Droid, Droid-ify or Neo Store' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Obtainium' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The repository's address opened in a browser lands here too.
  await page.goto(`/fdroid/repo?fingerprint=${repository.fingerprint}`);
  await expect(page).toHaveURL(/\/install$/);
});

test('a toy with an APK offers "Get updates": its store link and Obtainium pointing at Glyphary', async ({ page, signedInUser }) => {
  expect(signedInUser.username).toBeTruthy();
  const apk = await signApk(buildApkEntries(TWO_TOY_SPEC), await createSigner('Orbit Maker'), { v2: true });
  // Shared through the API: the Share Glyph form is not this test's subject.
  const id = await shareGlyph(page.request, { title: `Orbit ${Date.now()}`, description: 'Two toys, one always on.', apkUrl: await uploadApk(page.request, apk, 'orbit.apk') });
  await page.goto(`/glyph/${id}`);
  await revealDeferredSections(page);

  await page.getByRole('button', { name: 'Get updates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get updates on your phone' });
  await expect(dialog.getByRole('link', { name: 'Add to Obtainium' })).toHaveAttribute('href', `obtainium://add/${new URL(page.url()).origin}/api/glyphs/${id}/latest.apk`);
  await expect(dialog.getByRole('link', { name: 'Open this toy in your store app' })).toHaveAttribute('href', `market://details?id=${TWO_TOY_SPEC.packageName}`);
  await expect(dialog.getByRole('link', { name: 'Add the Glyphary repository' })).toHaveAttribute('href', /^fdroidrepos?:\/\//);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The toy is in the repository the page points at.
  const index = (await (await page.request.get('/fdroid/repo/index-v2.json')).json()) as { packages: Record<string, unknown> };
  expect(Object.keys(index.packages)).toContain(TWO_TOY_SPEC.packageName);
});
