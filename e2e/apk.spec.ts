import { APK_MSG, CODE_MSG } from '@glyphary/shared';
import { buildApkEntries, buildDex, createSigner, signApk, TWO_TOY_SPEC } from '@glyphary/test-support';
import { expect, expectNoAxeViolations, revealDeferredSections, test } from './fixtures.ts';

// Issue 15: an uploaded toy APK is read and explained — in the form, on the glyph page, in the disclaimer.
test('upload a toy APK: the form shows what was found, the glyph page explains it, the disclaimer names SHA-256 and signer', async ({ page, signedInUser }) => {
  test.setTimeout(120_000);
  expect(signedInUser.username).toBeTruthy();
  const signer = await createSigner('Orbit Maker', 'Glyph Studio');
  // Issue 50: its code embeds an advertising SDK and can run other programs.
  const code = buildDex({ classes: ['com.google.android.gms.ads.MobileAds'], methods: [{ className: 'java.lang.Runtime', name: 'exec' }] });
  const apk = await signApk([...buildApkEntries(TWO_TOY_SPEC), { name: 'classes2.dex', data: code }], signer, { v1: true, v2: true });
  await page.goto('/upload');
  const title = `Orbit ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Two toys, one always on.');
  await page.getByLabel('APK File', { exact: true }).setInputFiles([{ name: 'orbit.apk', mimeType: 'application/vnd.android.package-archive', buffer: apk }]);

  const findings = page.getByRole('region', { name: APK_MSG.uploadFoundHeading });
  await expect(findings).toBeVisible();
  await expect(findings.getByRole('heading', { name: 'Orbit', exact: true })).toBeVisible();
  await expect(findings.getByRole('heading', { name: 'Dot Clock' })).toBeVisible();
  await expect(findings.getByRole('list', { name: 'Runs on' })).toContainText('Phone (3)');
  await expect(findings.getByRole('list', { name: 'Runs on' })).toContainText('Phone (4a) Pro');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Share Glyph' }).click();
  await expect(page).toHaveURL(/\/glyph\/[0-9a-f-]{36}$/);
  await revealDeferredSections(page);

  const panel = page.getByRole('region', { name: APK_MSG.panelHeading });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Glyph Toys' }).getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('img', { name: 'Orbit preview' })).toBeVisible();
  await expect(panel.getByText('A dot circles the matrix')).toBeVisible();
  await expect(panel.getByText(APK_MSG.longpress)).toBeVisible();
  await expect(panel.getByText(APK_MSG.aod)).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Runs on' })).toContainText('Phone (4a) Pro');
  await expect(panel.getByText('version 2.1.0')).toBeVisible();
  await expect(panel.getByText('Full network access')).toBeVisible();
  await expect(panel.getByText('Precise location')).toBeVisible();
  await expect(panel.getByText(APK_MSG.signatureVerified)).toBeVisible();
  await expect(panel.getByText(signer.sha256)).toBeVisible();
  await expect(panel.getByText(/CN=Orbit Maker/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Copy signer fingerprint' })).toBeVisible();
  await expect(panel.getByRole('list', { name: CODE_MSG.antiFeatures })).toHaveText('Non-free network servicesTrackingAdvertising');
  const codeList = panel.getByRole('list', { name: CODE_MSG.heading });
  await expect(codeList).toContainText('Trackers: Contains Google AdMob (advertising).');
  await expect(codeList).toContainText('com.google.android.gms.ads');
  await expect(codeList).toContainText('Can run other programs on the phone (Runtime.exec).');
  await expectNoAxeViolations(page);

  const sha256 = (await panel.getByRole('definition').filter({ has: page.getByRole('button', { name: 'Copy SHA-256' }) }).locator('code').textContent()) ?? '';
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  await page.getByRole('button', { name: 'Download APK' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download APK' });
  await expect(dialog.getByText(`SHA-256: ${sha256}`)).toBeVisible();
  await expect(dialog.getByText(new RegExp(`Signer: .*Orbit Maker.*${signer.sha256}`))).toBeVisible();
  const inDialog = dialog.getByTestId('download-code-findings');
  await expect(inDialog).toContainText('Anti-features: Non-free network services, Tracking, Advertising');
  await expect(inDialog).toContainText('Trackers: Contains Google AdMob (advertising).');
  await expectNoAxeViolations(page);
});
