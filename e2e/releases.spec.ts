import type { APIRequestContext } from '@playwright/test';
import { MSG } from '@glyphary/shared';
import { buildApkEntries, createSigner, GLYPH_ENABLE, signApk, TWO_TOY_SPEC } from '@glyphary/test-support';
import { expect, expectNoAxeViolations, jsonHeaders, openBell, revealDeferredSections, signInAsSuperAdmin, test } from './fixtures.ts';
import { APK_MIME, shareGlyph, uploadApk } from './support/data.ts';

// The first release is shared through the API (the Share Glyph form is share.spec.ts's and apk.spec.ts's subject).

// Issue 18: a creator publishes an update from the glyph page; visitors see the history and the QR code.
test('a creator publishes an update and sees the diff; a visitor sees the history and the QR code', async ({ page, browser, signedInUser }) => {
  test.setTimeout(180_000);
  const signer = await createSigner('Orbit Maker', 'Glyph Studio');
  const first = await signApk(buildApkEntries(TWO_TOY_SPEC), signer, { v2: true });
  const update = await signApk(
    buildApkEntries({
      ...TWO_TOY_SPEC,
      versionName: '2.2.0',
      versionCode: 22,
      permissions: [GLYPH_ENABLE, 'android.permission.INTERNET', 'android.permission.ACCESS_FINE_LOCATION', 'android.permission.CAMERA'],
      toys: [
        { service: '.OrbitToy', name: 'Orbit', summary: 'A dot circles the matrix', longpress: true },
        { service: '.SparkleToy', name: 'Sparkle', summary: 'Random sparkles', aod: true },
      ],
    }),
    signer,
    { v2: true },
  );

  expect(signedInUser.username).toBeTruthy();
  const title = `Orbit ${Date.now()}`;
  const id = await shareGlyph(page.request, { title, description: 'Two toys, one always on.', apkUrl: await uploadApk(page.request, first, 'orbit.apk') });
  await page.goto(`/glyph/${id}`);
  const glyphUrl = page.url();
  await revealDeferredSections(page);

  const history = page.getByRole('region', { name: MSG.releasesHeading });
  await expect(history.getByRole('heading', { name: '2.1.0' })).toBeVisible();

  // Publish an update: upload, see the report and the diff, write the changelog, publish.
  await page.getByRole('button', { name: MSG.publishUpdate }).click();
  const dialog = page.getByRole('dialog', { name: MSG.publishUpdate });
  await dialog.getByLabel('New APK').setInputFiles([{ name: 'orbit-2.2.apk', mimeType: APK_MIME, buffer: update }]);
  const diff = dialog.getByRole('region', { name: MSG.diffHeading });
  await expect(diff).toBeVisible();
  await expect(diff.getByRole('heading', { name: 'New permissions' })).toBeVisible();
  await expect(diff).toContainText('android.permission.CAMERA');
  await expect(diff).toContainText('Sparkle');
  await expect(diff).toContainText('Dot Clock');
  await expect(dialog).toContainText('com.example.orbit 2.2.0');
  await dialog.getByLabel(MSG.publishChangelogLabel).fill('Sparkle replaces the clock.\nNotes: https://example.com/orbit');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: MSG.publishButton }).click();
  await expect(dialog).toBeHidden();
  await expect(history.getByRole('heading', { name: '2.2.0' })).toBeVisible();
  await expect(history.getByText('Sparkle replaces the clock.')).toBeVisible();
  await expect(history.getByRole('link', { name: 'https://example.com/orbit' })).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');

  // A visitor on a desktop-sized screen: the history, the QR code of the page, and the activate guide after a download.
  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(glyphUrl);
  await revealDeferredSections(visitor);
  const visitorHistory = visitor.getByRole('region', { name: MSG.releasesHeading });
  await expect(visitorHistory.getByRole('heading', { level: 3 })).toHaveText(['2.2.0', '2.1.0']);
  await expect(visitor.getByRole('img', { name: `QR code of ${glyphUrl}` })).toBeVisible();
  await expect(visitor.getByRole('link', { name: MSG.latestApkLink })).toHaveAttribute('href', /\/api\/glyphs\/[0-9a-f-]{36}\/latest\.apk$/);
  await expect(visitor.locator('head link[rel="alternate"][type="application/atom+xml"]').first()).toHaveAttribute('href', /releases\.atom$/);
  await expectNoAxeViolations(visitor);

  await visitorHistory.getByRole('button', { name: 'Download 2.1.0' }).click();
  const disclaimer = visitor.getByRole('dialog', { name: 'Download APK' });
  await expect(disclaimer.getByText(MSG.downloadDisclaimer)).toBeVisible();
  const downloadEvent = visitor.waitForEvent('download');
  await disclaimer.getByRole('button', { name: 'Download' }).click();
  await downloadEvent;
  await expect(visitor.getByRole('heading', { name: MSG.activateHeading })).toBeVisible();
  await expect(visitor.getByText(MSG.activateOpen)).toBeVisible();
  await expect(visitorHistory.getByText(/Downloads: 1/)).toBeVisible();
  await expectNoAxeViolations(visitor);

  // On a phone-sized screen there is no QR code (the phone is the device).
  await visitor.setViewportSize({ width: 390, height: 844 });
  await expect(visitor.getByRole('img', { name: `QR code of ${glyphUrl}` })).toBeHidden();
  await visitorContext.close();
});

/**
 * A glyph shared through the API with release 1 of `name` (package com.example.<name>) signed by one key,
 * and the APK of `version` of the same app signed by another: the two fingerprints and the new APK.
 */
async function glyphAndRekeyedApk(request: APIRequestContext, name: string, version: { name: string; code: number }) {
  const [keyA, keyB] = await Promise.all([createSigner(`${name} Maker`, 'Glyph Studio'), createSigner(`${name} Maker`, 'New Laptop')]);
  const spec = { ...TWO_TOY_SPEC, packageName: `com.example.${name.toLowerCase()}` };
  const first = await signApk(buildApkEntries(spec), keyA, { v2: true });
  const rekeyed = await signApk(buildApkEntries({ ...spec, versionName: version.name, versionCode: version.code }), keyB, { v2: true });
  const title = `${name} ${Date.now()}`;
  const id = await shareGlyph(request, { title, description: `${name} crosses the matrix.`, apkUrl: await uploadApk(request, first, `${name}.apk`) });
  return { id, title, keyA, keyB, rekeyed };
}

// Issue 18: an update signed with another key waits for an admin; the Edit dialog sends APK changes
// through 'Publish an update'; the admin approves in the panel and the release carries the warning.
test('a signing key change waits for an admin, who approves it in the Admin panel; the release shows the warning', async ({ page, browser, signedInUser: creator }) => {
  test.setTimeout(180_000);
  const { id, title, keyA, keyB, rekeyed } = await glyphAndRekeyedApk(page.request, 'Comet', { name: '3.0.0', code: 30 });
  await page.goto(`/glyph/${id}`);
  const glyphUrl = page.url();

  // Edit Glyph offers no way to swap the shipped APK: it points to 'Publish an update' instead.
  await page.getByRole('button', { name: 'Edit Glyph' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Glyph' });
  const apkArea = edit.getByRole('region', { name: 'APK File' });
  await expect(apkArea.getByText(MSG.editApkViaRelease)).toBeVisible();
  await expect(edit.getByLabel('APK File', { exact: true }).and(page.locator('input'))).toHaveCount(0);
  // (The Edit dialog of a glyph with an APK is scanned in glyphs.spec.ts.)
  await apkArea.getByRole('button', { name: MSG.publishUpdate }).click();
  await expect(edit).toBeHidden();
  const publish = page.getByRole('dialog', { name: MSG.publishUpdate });
  await expect(publish).toBeVisible();
  await expect(publish.getByLabel('New APK')).toBeAttached();
  await publish.getByLabel('New APK').setInputFiles([{ name: 'comet-3.apk', mimeType: APK_MIME, buffer: rekeyed }]);
  await expect(publish).toContainText('com.example.comet 3.0.0');
  // Before publishing, the dialog says plainly that the key differs, with both fingerprints.
  const keyNotice = publish.getByRole('region', { name: MSG.keyChangeHeading });
  await expect(keyNotice).toContainText(MSG.keyChangeBody);
  await expect(keyNotice.getByRole('definition').filter({ hasText: keyA.sha256 })).toBeVisible();
  await expect(keyNotice.getByRole('definition').filter({ hasText: keyB.sha256 })).toBeVisible();
  await publish.getByLabel(MSG.publishChangelogLabel).fill('Built on a new laptop.');
  await publish.getByLabel(MSG.reviewNoteLabel).fill('My old laptop died with the keystore.');
  // The actions stay in view on an 800 px high screen, however long the body.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(publish.getByRole('button', { name: MSG.publishForReview })).toBeInViewport();
  await publish.getByRole('button', { name: MSG.publishForReview }).click();
  await expect(publish).toBeHidden();
  await expect(page.getByText(MSG.releaseSignerChangedHeld)).toBeVisible();
  // The page keeps saying what waits, for the creator.
  const waiting = page.getByRole('region', { name: MSG.heldHeading });
  await expect(waiting).toContainText(MSG.heldBody('3.0.0'));
  await expect(waiting).toContainText('My old laptop died with the keystore.');
  const history = page.getByRole('region', { name: MSG.releasesHeading });
  await expect(history.getByRole('heading', { level: 3 })).toHaveText(['2.1.0']);

  // The admin sees the held release with both keys, and approves it after confirming.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAsSuperAdmin(adminContext);
  const admin = await adminContext.newPage();
  await admin.goto('/admin?tab=releases');
  // The tab counts what waits in it.
  await expect(admin.getByRole('tab', { name: new RegExp(`^${MSG.pendingReleasesTab} \\(\\d+\\)$`) })).toHaveAttribute('aria-selected', 'true');
  const held = admin.getByRole('article', { name: `${title} 3.0.0` });
  await expect(held).toBeVisible();
  await expect(held).toContainText(`@${creator.username}`);
  await expect(held.getByRole('definition').filter({ hasText: keyA.sha256 })).toBeVisible();
  await expect(held.getByRole('definition').filter({ hasText: keyB.sha256 })).toBeVisible();
  await expect(held).toContainText('My old laptop died with the keystore.');
  await expect(held.getByRole('link', { name: `${MSG.pendingApkLink} ${title} 3.0.0` })).toHaveAttribute('href', /^\/api\/files\/apks\//);
  await expect(held).toContainText(MSG.pendingPermissionsSame);
  await expectNoAxeViolations(admin);
  await held.getByRole('button', { name: `${MSG.approveSignerChange} ${title} 3.0.0` }).click();
  const confirm = admin.getByRole('dialog', { name: MSG.approveSignerChange });
  await expect(confirm).toContainText(MSG.approveSignerChangeConfirm(title, '3.0.0'));
  await expectNoAxeViolations(admin);
  await confirm.getByRole('button', { name: MSG.approveSignerChange, exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByText(MSG.signerChangeApproved('3.0.0'))).toBeVisible();
  await expect(held).toHaveCount(0);
  await adminContext.close();

  // Everyone now sees 3.0.0 first, with the visible warning.
  await page.goto(glyphUrl);
  await revealDeferredSections(page);
  await expect(history.getByRole('heading', { level: 3 })).toHaveText(['3.0.0', '2.1.0']);
  await expect(waiting).toHaveCount(0);
  const newest = history.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '3.0.0' }) });
  await expect(newest.getByText(MSG.signingKeyChanged)).toBeVisible();
  await expectNoAxeViolations(page);
  // The creator is told in the bell.
  const bell = await openBell(page, 1);
  await expect(bell.getByText(`An admin approved the new signing key: version 3.0.0 of "${title}" is published`)).toBeVisible();
});

test('a rejected signing key change tells the creator why, and the page stops saying it waits', async ({ page, browser, signedInUser: _creator }) => {
  test.setTimeout(120_000);
  const { id, title, rekeyed } = await glyphAndRekeyedApk(page.request, 'Nova', { name: '4.0.0', code: 40 });
  const held = await page.request.post(`/api/glyphs/${id}/releases`, {
    headers: jsonHeaders,
    data: { apkUrl: await uploadApk(page.request, rekeyed, 'nova-4.apk'), note: 'New machine.' },
  });
  expect(held.status(), await held.text()).toBe(202);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAsSuperAdmin(adminContext);
  const admin = await adminContext.newPage();
  await admin.goto('/admin?tab=releases');
  const card = admin.getByRole('article', { name: `${title} 4.0.0` });
  await card.getByRole('button', { name: `${MSG.rejectSignerChange} ${title} 4.0.0` }).click();
  const confirm = admin.getByRole('dialog', { name: MSG.rejectSignerChange });
  await expect(confirm).toContainText(MSG.rejectSignerChangeConfirm(title, '4.0.0'));
  await confirm.getByLabel(MSG.rejectNoteLabel).fill('This key is not the one you signed with; sign with your original key.');
  await expectNoAxeViolations(admin);
  await confirm.getByRole('button', { name: MSG.rejectSignerChange, exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByText(MSG.signerChangeRejected('4.0.0'))).toBeVisible();
  await expect(card).toHaveCount(0);
  await adminContext.close();

  // The creator reads the outcome and the admin's note in the bell; nothing waits on the page any more.
  await page.goto(`/glyph/${id}`);
  await revealDeferredSections(page);
  await expect(page.getByRole('region', { name: MSG.releasesHeading }).getByRole('heading', { level: 3 })).toHaveText(['2.1.0']);
  await expect(page.getByRole('region', { name: MSG.heldHeading })).toHaveCount(0);
  const bell = await openBell(page, 1);
  await expect(
    bell.getByText(
      `An admin did not approve the new signing key of version 4.0.0 of "${title}"; it is not published. Note: This key is not the one you signed with; sign with your original key.`,
    ),
  ).toBeVisible();
});
