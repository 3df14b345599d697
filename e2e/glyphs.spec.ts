import { apkFileName, MSG } from '@glyphary/shared';
import { expect, expectNoAxeViolations, signUpViaApi, test, uniqueUser } from './fixtures.ts';
import { APK_MIME, shareGlyph, toyApk } from './support/data.ts';
import { openShareFormAndSendEmpty, publishShareForm } from './support/share-form.ts';
import { BASE_URL } from './support/ports.ts';

/** 8×8 PNGs in two colours (real images the server re-encodes). */
const RED_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWO4LqmIFTEMLQkA2M5EQRJHmMgAAAAASUVORK5CYII=', 'base64');
const BLUE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPQiLqDFTEMLQkAA8ZXgUNY7KIAAAAASUVORK5CYII=', 'base64');

test.describe('sharing a glyph', () => {
  // (Signing up through the form is auth.spec.ts's journey; this one starts signed in.)
  test('upload images and an APK, share, download, edit and delete', async ({ page, signedInUser: user }) => {
    // The whole journey of issue 3 in one test: many steps, several axe runs.
    test.setTimeout(180_000);
    // The form refuses to send without the required fields (spec §5 order).
    await openShareFormAndSendEmpty(page);

    const title = `Pulse Ring ${user.username.slice(-4)}!`;
    await page.getByLabel('Title').fill(`  ${title}  `);
    await page.getByLabel('Description').fill('A ring of light that pulses with every notification. '.repeat(12));
    await page.getByLabel('Instructions').fill('Install the APK, then pick Pulse Ring in Glyph Toys.');

    // Single mode refuses a second file before sending anything (dropped onto the drop zone).
    const twoApks = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['a'], 'a.apk'));
      transfer.items.add(new File(['b'], 'b.apk'));
      return transfer;
    });
    await page.getByText('Drop a file here or browse').dispatchEvent('drop', { dataTransfer: twoApks });
    await expect(page.getByRole('alert').filter({ hasText: MSG.onlyOneFile })).toBeVisible();
    // Type check before sending.
    await page.getByLabel('Images', { exact: true }).setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') }]);
    await expect(page.getByRole('alert').filter({ hasText: MSG.fileTypeImage })).toBeVisible();

    await page.getByLabel('Images', { exact: true }).setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: RED_PNG },
      { name: 'blue.png', mimeType: 'image/png', buffer: BLUE_PNG },
    ]);
    await expect(page.getByRole('img', { name: 'Image 2', exact: true })).toBeVisible();
    const apk = toyApk({ packageName: 'com.example.e2e', name: 'Pulse', summary: 'A soft pulse' });
    await page.getByLabel('APK File', { exact: true }).setInputFiles([{ name: 'pulse.apk', mimeType: APK_MIME, buffer: apk }]);
    await expect(page.getByRole('button', { name: /^Remove .*\.apk$/ })).toBeVisible();
    // (Check Database and the form's axe scan: share.spec.ts; the form with images: browse.spec.ts.)

    await publishShareForm(page);
    const glyphUrl = page.url();

    // The detail page shows everything.
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: `@${user.username}` })).toBeVisible();
    await expect(page.getByText('0 downloads')).toBeVisible();
    await expect(page.getByText('1 view', { exact: true })).toBeVisible();
    await expect(page.getByText('0 likes')).toBeVisible();
    await expect(page.getByRole('img', { name: `${title}, image 1 of 2` })).toBeVisible();
    await page.getByRole('button', { name: 'Show image 2 of 2' }).click();
    await expect(page.getByRole('img', { name: `${title}, image 2 of 2` })).toBeVisible();
    await page.getByRole('group', { name: `Images of ${title}` }).press('ArrowRight');
    await expect(page.getByRole('img', { name: `${title}, image 1 of 2` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show More' })).toBeVisible();
    await page.getByRole('button', { name: 'Show More' }).click();
    await expect(page.getByRole('button', { name: 'Show Less' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
    await expect(page.getByText('SHA-256')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Glyph' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Download through the disclaimer: the file arrives with the spec's name.
    await page.getByRole('button', { name: 'Download APK' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download APK' });
    // (The disclaimer dialog is scanned in apk.spec.ts, there with the signer too.)
    await expect(dialog.getByText(MSG.downloadDisclaimer)).toBeVisible();
    const downloadPromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(apkFileName(title));
    await expect(page.getByText('1 download', { exact: true })).toBeVisible();

    // Like, without a reload.
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('1 like', { exact: true })).toBeVisible();

    // Share.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText(MSG.linkCopied)).toBeVisible();

    // Edit in a real dialog.
    await page.getByRole('button', { name: 'Edit Glyph' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Glyph' });
    await expect(edit).toBeVisible();
    await edit.getByLabel('Title').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    // Issue 17: a problem found before sending reads as itself (nothing failed), focused and in view.
    const editError = edit.getByRole('alert').filter({ hasText: MSG.titleRequired });
    await expect(editError).toBeFocused();
    await expect(editError).toBeInViewport();
    await expect(edit.getByText(MSG.updateGlyphFailed(MSG.titleRequired))).toHaveCount(0);
    await expectNoAxeViolations(page);
    const renamed = `${title} v2`;
    await edit.getByLabel('Title').fill(renamed);
    await edit.getByLabel('Image URLs').fill('https://example.com/a.png');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show image 3 of 3' })).toBeVisible();

    // Delete with the spec's confirmation, then the deleted notice.
    await page.getByRole('button', { name: 'Delete Glyph' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Glyph' });
    await expect(confirm.getByText(MSG.deleteGlyphConfirm)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('heading', { name: MSG.glyphDeletedTitle })).toBeVisible();
    await expect(page.getByText(MSG.glyphDeletedBody)).toBeVisible();
    await page.goto(glyphUrl);
    await expect(page.getByText(MSG.glyphDeletedBody)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('another user sees no Edit/Delete, a visitor liking goes to /login, unknown ids are a 404 at their own address', async ({ page, browser, signedInUser }) => {
    expect(signedInUser.username).toBeTruthy();
    const id = await shareGlyph(page.request, { title: 'Repo Only Toy', description: 'Built from source.', githubUrl: 'https://github.com/example/repo-only' });

    await page.goto(`/glyph/${id}`);
    await expect(page.getByRole('button', { name: 'Edit Glyph' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Repository' })).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await expect(page.getByRole('button', { name: 'Download APK' })).toHaveCount(0);

    const otherContext = await browser.newContext({ baseURL: BASE_URL });
    const other = await otherContext.newPage();
    await signUpViaApi(other.request, uniqueUser('o'));
    await other.goto(`/glyph/${id}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Repo Only Toy' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Edit Glyph' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Delete Glyph' })).toHaveCount(0);
    await otherContext.close();

    const visitorContext = await browser.newContext({ baseURL: BASE_URL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/glyph/${id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Repo Only Toy' })).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Edit Glyph' })).toHaveCount(0);
    await visitor.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(visitor).toHaveURL(/\/login/);

    const missing = await visitor.goto('/glyph/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Glyph not found' })).toBeVisible();
    await expect(visitor).toHaveURL('/glyph/00000000-0000-4000-8000-000000000000');
    await visitorContext.close();
  });

  test('the server renders Open Graph tags for a glyph page', async ({ page, signedInUser }) => {
    expect(signedInUser.email).toBeTruthy();
    const id = await shareGlyph(page.request, { title: 'Meta Toy', description: 'Preview me when shared.', githubUrl: 'https://github.com/example/meta' });
    const html = await (await page.request.get(`/glyph/${id}`)).text();
    expect(html).toContain('<meta property="og:title" content="Meta Toy" />');
    expect(html).toContain('<meta name="twitter:description" content="Preview me when shared." />');
  });
});
