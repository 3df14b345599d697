import { buildApk, GLYPH_ENABLE } from '@glyphary/test-support';
import { MSG } from '@glyphary/shared';
import { expect, expectNoAxeViolations, signUpViaApi, test, uniqueUser } from './fixtures.ts';

function toyApk(name: string, summary: string): Buffer {
  return buildApk({ packageName: 'com.example.share', permissions: [GLYPH_ENABLE], toys: [{ service: '.RippleToy', name, summary }] });
}

const apkFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/vnd.android.package-archive', buffer });

test.describe('share form head start (issue 48)', () => {
  test('the APK fills Title and Description, the error clears when fixed, Check Database sits under Diagnostics, and a toast links the new glyph', async ({ page }) => {
    test.setTimeout(120_000);
    const user = uniqueUser('share');
    await signUpViaApi(page.request, user);
    await page.goto('/upload');
    await expect(page.getByRole('heading', { name: 'Share Glyph' })).toBeVisible();

    // A problem found before sending goes away once the field is fixed, without sending again.
    await page.getByRole('button', { name: 'Share Glyph' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.titleRequired })).toBeVisible();
    await page.getByLabel('Title').fill('Mine');
    await expect(page.getByText(MSG.titleRequired)).toHaveCount(0);

    // What the creator typed stays; the empty Description takes the toy's summary.
    await page.getByLabel('APK File', { exact: true }).setInputFiles([apkFile('ripple.apk', toyApk('Ripple', 'Concentric rings ripple outward'))]);
    await expect(page.getByLabel('Description')).toHaveValue('Concentric rings ripple outward');
    await expect(page.getByLabel('Title')).toHaveValue('Mine');

    // Emptied, Title takes the toy's name from the next APK; the prefilled Description follows the new APK.
    await page.getByRole('button', { name: /^Remove .*\.apk$/ }).click();
    await page.getByLabel('Title').fill('');
    await page.getByLabel('APK File', { exact: true }).setInputFiles([apkFile('wave.apk', toyApk('Wave', 'A wave sweeps across'))]);
    await expect(page.getByLabel('Title')).toHaveValue('Wave');
    await expect(page.getByLabel('Description')).toHaveValue('A wave sweeps across');
    await expect(page.getByText(MSG.prefilledFromApk)).toHaveCount(2);

    // Edited, the field is the creator's: no longer marked as from the APK.
    await page.getByLabel('Title').fill('Wave Deluxe');
    await expect(page.getByText(MSG.prefilledFromApk)).toHaveCount(1);

    // The debug button keeps its text and behaviour, behind a closed disclosure.
    await expect(page.getByRole('button', { name: 'Check Database' })).toBeHidden();
    await page.getByText(MSG.diagnostics, { exact: true }).click();
    await page.getByRole('button', { name: 'Check Database' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Database reachable \(\d+(\.\d+)? ms\)/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Share Glyph' }).click();
    await expect(page).toHaveURL(/\/glyph\/[0-9a-f-]{36}$/);
    const glyphPath = new URL(page.url()).pathname;
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: MSG.glyphShared('Wave Deluxe') });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole('link', { name: MSG.viewGlyph })).toHaveAttribute('href', glyphPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Wave Deluxe' })).toBeVisible();
  });
});
