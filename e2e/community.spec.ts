/**
 * Issue 19 end to end: report a glyph → an admin hides it from the Reports queue → the creator sees
 * the notice in the bell → restore; comment, edit, delete, turn comments off; follow a creator → their
 * new glyph appears in Following (each toy once) and in the bell. Axe once on each screen.
 */
import type { APIRequestContext } from '@playwright/test';
import { COMMUNITY_MSG, MSG } from '@glyphary/shared';
import { buildApkEntries, GLYPH_ENABLE, makeZip } from '@glyphary/test-support';
import {
  apiUser,
  expect,
  expectNoAxeViolations,
  jsonHeaders,
  revealDeferredSections,
  loginViaApi,
  openBell,
  signInAsSuperAdmin,
  test,
  focusWhenReady,
} from './fixtures.ts';
import { BASE_URL } from './support/ports.ts';

async function uploadGlyph(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.post('/api/upload-glyph', {
    headers: jsonHeaders,
    data: { title, description: 'A toy for the community e2e test.', githubUrl: 'https://github.com/example/toy' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** An unsigned APK of one toy, version `versionName` (code `versionCode`), uploaded through the API: its URL. */
async function uploadApk(request: APIRequestContext, versionName: string, versionCode: number): Promise<string> {
  const apk = makeZip(
    buildApkEntries({
      packageName: 'com.example.followed',
      versionName,
      versionCode,
      permissions: [GLYPH_ENABLE],
      toys: [{ service: '.Toy', name: 'Toy', summary: 'A toy' }],
    }),
  );
  const response = await request.post('/api/upload-file', {
    headers: { origin: BASE_URL },
    multipart: { type: 'apks', file: { name: 'toy.apk', mimeType: 'application/vnd.android.package-archive', buffer: apk } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

test.describe('community and moderation', () => {
  test('report a glyph → an admin hides it from the queue → the creator sees the notice → restore', async ({
    page,
    playwright,
    extraHTTPHeaders,
    signedInUser,
  }) => {
    test.setTimeout(120_000);
    const creator = await apiUser(playwright, extraHTTPHeaders, 'cr');
    const title = `Reported toy ${Date.now().toString(36)}`;
    const glyphId = await uploadGlyph(creator.request, title);
    void signedInUser;

    // The reporter files a report from the glyph page.
    await page.goto(`/glyph/${glyphId}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await revealDeferredSections(page);
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this glyph' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Malware or suspicious').check();
    await dialog.getByLabel('Details (optional)').fill('It asks for SMS permissions.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(COMMUNITY_MSG.reportSent)).toBeVisible();

    // The super admin hides it from the Reports tab, with a note.
    await signInAsSuperAdmin(page.context());
    await page.goto('/admin?tab=reports');
    const group = page.getByRole('article', { name: `Reports about ${title}` });
    await expect(group).toBeVisible();
    await expect(group.getByText('Malware or suspicious')).toBeVisible();
    await expectNoAxeViolations(page);
    await group.getByLabel('Note to the creator').fill('The APK asks for SMS permissions.');
    await group.getByRole('button', { name: 'Hide', exact: true }).click();
    const confirmHide = page.getByRole('dialog', { name: 'Hide' });
    await expect(confirmHide).toContainText(COMMUNITY_MSG.moderationConfirm('hide', title));
    await confirmHide.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(page.getByText(COMMUNITY_MSG.moderationDone('hide', title))).toBeVisible();
    await expect(group).toHaveCount(0);
    // Gone from public view: the glyph page shows the deleted notice.
    await page.goto(`/glyph/${glyphId}`);
    await expect(page.getByRole('heading', { name: MSG.glyphDeletedTitle })).toBeVisible();

    // The creator sees what happened and why in the bell.
    await loginViaApi(page.request, creator.user);
    await page.goto('/');
    const menu = await openBell(page, 1);
    await expect(menu.getByText(`An admin hid your glyph "${title}". Reason: The APK asks for SMS permissions.`)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    // The admin restores it from the resolved list; it is back.
    await signInAsSuperAdmin(page.context());
    await page.goto('/admin?tab=reports');
    await page.getByRole('button', { name: 'Resolved' }).click();
    const resolved = page.getByRole('article', { name: `Reports about ${title}` });
    await resolved.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('dialog', { name: 'Restore' }).getByRole('button', { name: 'Restore', exact: true }).click();
    // The toast says it is done. (While the dialog is open, the page behind it is hidden from the
    // accessibility tree, so the card's own button "disappears" before the request has finished.)
    await expect(page.getByText(COMMUNITY_MSG.moderationDone('restore', title))).toBeVisible();
    await expect(resolved.getByRole('button', { name: 'Restore' })).toHaveCount(0);
    await page.goto(`/glyph/${glyphId}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await creator.request.dispose();
  });

  test('Warn asks first and confirms with a toast; the reporter hears the outcome, not the note', async ({ page, playwright, extraHTTPHeaders }) => {
    test.setTimeout(90_000);
    const creator = await apiUser(playwright, extraHTTPHeaders, 'cw');
    const reporter = await apiUser(playwright, extraHTTPHeaders, 'rw');
    const title = `Warned toy ${Date.now().toString(36)}`;
    const glyphId = await uploadGlyph(creator.request, title);
    const filed = await reporter.request.post('/api/reports', { headers: jsonHeaders, data: { targetType: 'glyph', targetId: glyphId, reason: 'spam' } });
    expect(filed.status(), await filed.text()).toBe(200);

    await signInAsSuperAdmin(page.context());
    await page.goto('/admin?tab=reports');
    await expect(page.getByRole('tab', { name: /^Reports \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    const group = page.getByRole('article', { name: `Reports about ${title}` });
    await group.getByLabel('Note to the creator').fill('Please stop posting duplicates.');
    await group.getByRole('button', { name: 'Warn', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Warn' });
    await expect(confirm).toContainText(COMMUNITY_MSG.moderationConfirm('warn', title));
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Warn', exact: true }).click();
    await expect(page.getByText(COMMUNITY_MSG.moderationDone('warn', title))).toBeVisible();
    await expect(group).toHaveCount(0);

    await loginViaApi(page.request, reporter.user);
    await page.goto('/');
    const menu = await openBell(page, 1);
    await expect(menu.getByText(`Thanks for your report of a glyph "${title}": an admin warned its owner.`)).toBeVisible();
    await expect(menu.getByText('Please stop posting duplicates.')).toHaveCount(0);
    await creator.request.dispose();
    await reporter.request.dispose();
  });

  test('comment, edit, delete; the creator turns comments off', async ({ page, playwright, extraHTTPHeaders, signedInUser }) => {
    test.setTimeout(90_000);
    void signedInUser;
    const creator = await apiUser(playwright, extraHTTPHeaders, 'cc');
    const title = `Commented toy ${Date.now().toString(36)}`;
    const glyphId = await uploadGlyph(creator.request, title);

    await page.goto(`/glyph/${glyphId}`);
    await revealDeferredSections(page);
    await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
    await expect(page.getByText(COMMUNITY_MSG.commentsEmpty)).toBeVisible();
    await page.getByLabel('Add a comment').fill('Love it! Source: https://example.com/notes');
    await page.getByRole('button', { name: 'Post comment' }).click();
    const comment = page.getByRole('listitem').filter({ hasText: 'Love it!' });
    await expect(comment.getByRole('link', { name: 'https://example.com/notes' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow ugc',
    );
    await expect(comment.getByText(COMMUNITY_MSG.creatorBadge, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await comment.getByRole('button', { name: 'Edit' }).click();
    // While editing, the comment's text is in the form's box, so the form is found by its label.
    await page.getByLabel('Edit comment').fill('Love it, edited.');
    await page.getByRole('button', { name: 'Save' }).click();
    const edited = page.getByRole('listitem').filter({ hasText: 'Love it, edited.' });
    await expect(edited.getByText(/edited$/)).toBeVisible();
    await edited.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(COMMUNITY_MSG.commentsEmpty)).toBeVisible();

    // The creator turns comments off: the form goes and the notice shows, for everyone.
    await loginViaApi(page.request, creator.user);
    await page.goto(`/glyph/${glyphId}`);
    await revealDeferredSections(page);
    // The creator's own comment carries a badge that says who wrote it.
    await page.getByLabel('Add a comment').fill('Thanks for trying it!');
    await page.getByRole('button', { name: 'Post comment' }).click();
    const reply = page.getByRole('listitem').filter({ hasText: 'Thanks for trying it!' });
    await expect(reply.getByText(COMMUNITY_MSG.creatorBadge, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Turn comments off' }).click();
    await expect(page.getByText(COMMUNITY_MSG.commentsOffNotice)).toBeVisible();
    await expect(page.getByLabel('Add a comment')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Turn comments on' })).toBeVisible();
    await expectNoAxeViolations(page);
    await creator.request.dispose();
  });

  test('follow a creator → their new glyph and their new release appear in Following and in the bell', async ({
    page,
    playwright,
    extraHTTPHeaders,
    signedInUser,
  }) => {
    test.setTimeout(120_000);
    void signedInUser;
    const creator = await apiUser(playwright, extraHTTPHeaders, 'fc');
    await page.goto(`/storefront/${creator.user.username}`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // A new glyph shipping an APK (its release 1), then an update: release 1.1.
    const title = `Followed toy ${Date.now().toString(36)}`;
    const shared = await creator.request.post('/api/upload-glyph', {
      headers: jsonHeaders,
      data: { title, description: 'A toy for the community e2e test.', apkUrl: await uploadApk(creator.request, '1.0', 1) },
    });
    expect(shared.status(), await shared.text()).toBe(200);
    const glyphId = ((await shared.json()) as { id: string }).id;
    const published = await creator.request.post(`/api/glyphs/${glyphId}/releases`, {
      headers: jsonHeaders,
      data: { apkUrl: await uploadApk(creator.request, '1.1', 2), changelog: 'Brighter dots' },
    });
    expect(published.status(), await published.text()).toBe(200);

    // Following: the toy once (issue 48), at its newest event, the release.
    await page.goto('/following');
    await expect(page.getByRole('heading', { name: 'Following', level: 1 })).toBeVisible();
    const entries = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(entries).toHaveCount(1);
    await expect(entries.first().getByRole('link', { name: COMMUNITY_MSG.followingNewRelease('1.1') })).toBeVisible();
    await expectNoAxeViolations(page);

    const menu = await openBell(page, 2);
    await expect(menu.getByRole('menuitem', { name: new RegExp(`shared a new glyph: "${title}"`) })).toBeVisible();
    const item = menu.getByRole('menuitem', { name: new RegExp(`published version 1\\.1 of "${title}"`) });
    await expect(item).toBeVisible();
    // (The open bell is scanned in the moderation test above.)
    await focusWhenReady(item);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/glyph/${glyphId}#release-[0-9a-f-]{36}$`));
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    // The page lands on the linked release's row (below the fold), focused and marked.
    const linked = page.locator(new URL(page.url()).hash);
    await expect(linked).toBeInViewport();
    await expect(linked).toBeFocused();
    await expect(linked).toHaveAttribute('aria-current', 'location');

    // The follower can report the release from its row, with the glyph's report dialog.
    const history = page.getByRole('region', { name: MSG.releasesHeading });
    await history.getByRole('button', { name: 'Report release 1.1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this release' });
    await dialog.getByLabel('Broken').check();
    // (The report dialog is scanned, for a glyph, in the moderation test above.)
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(COMMUNITY_MSG.reportSent)).toBeVisible();
    await creator.request.dispose();
  });
});
