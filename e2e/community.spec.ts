/**
 * Issue 19 end to end: report a glyph → an admin hides it from the Reports queue → the creator sees
 * the notice in the bell → restore; comment, edit, delete, turn comments off; follow a creator → their
 * new glyph appears in Following and in the bell. Axe on every screen.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { COMMUNITY_MSG, MSG } from '@glyphary/shared';
import { expect, expectNoAxeViolations, jsonHeaders, loginViaApi, signInAsSuperAdmin, signUpViaApi, test, uniqueUser, type TestUser } from './fixtures.ts';
import { BASE_URL } from './support/ports.ts';

async function apiUser(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  extraHTTPHeaders: Record<string, string> | undefined,
  prefix: string,
): Promise<{ user: TestUser; request: APIRequestContext }> {
  const request = await playwright.request.newContext({ baseURL: BASE_URL, extraHTTPHeaders });
  const user = uniqueUser(prefix);
  await signUpViaApi(request, user);
  return { user, request };
}

async function uploadGlyph(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.post('/api/upload-glyph', {
    headers: jsonHeaders,
    data: { title, description: 'A toy for the community e2e test.', githubUrl: 'https://github.com/example/toy' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Opens the bell with the keyboard and returns its menu. */
async function openBell(page: Page, unread: number) {
  const bell = page.getByRole('button', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications' });
  await expect(bell).toBeVisible();
  await bell.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('community and moderation', () => {
  test('report a glyph → an admin hides it from the queue → the creator sees the notice → restore', async ({ page, playwright, extraHTTPHeaders, signedInUser }) => {
    test.setTimeout(120_000);
    const creator = await apiUser(playwright, extraHTTPHeaders, 'cr');
    const title = `Reported toy ${Date.now().toString(36)}`;
    const glyphId = await uploadGlyph(creator.request, title);
    void signedInUser;

    // The reporter files a report from the glyph page.
    await page.goto(`/glyph/${glyphId}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this glyph' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Malware or suspicious').check();
    await dialog.getByLabel('Details (optional)').fill('It asks for SMS permissions.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(COMMUNITY_MSG.reportSent)).toBeVisible();

    // The super admin hides it from the Reports tab, with a note.
    await signInAsSuperAdmin(page.request);
    await page.goto('/admin?tab=reports');
    const group = page.getByRole('article', { name: `Reports about ${title}` });
    await expect(group).toBeVisible();
    await expect(group.getByText('Malware or suspicious')).toBeVisible();
    await expectNoAxeViolations(page);
    await group.getByLabel('Note to the creator').fill('The APK asks for SMS permissions.');
    await group.getByRole('button', { name: 'Hide', exact: true }).click();
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
    await signInAsSuperAdmin(page.request);
    await page.goto('/admin?tab=reports');
    await page.getByRole('button', { name: 'Resolved' }).click();
    const resolved = page.getByRole('article', { name: `Reports about ${title}` });
    await resolved.getByRole('button', { name: 'Restore' }).click();
    await expect(resolved.getByRole('button', { name: 'Restore' })).toHaveCount(0);
    await page.goto(`/glyph/${glyphId}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await creator.request.dispose();
  });

  test('comment, edit, delete; the creator turns comments off', async ({ page, playwright, extraHTTPHeaders, signedInUser }) => {
    test.setTimeout(90_000);
    void signedInUser;
    const creator = await apiUser(playwright, extraHTTPHeaders, 'cc');
    const title = `Commented toy ${Date.now().toString(36)}`;
    const glyphId = await uploadGlyph(creator.request, title);

    await page.goto(`/glyph/${glyphId}`);
    await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
    await expect(page.getByText(COMMUNITY_MSG.commentsEmpty)).toBeVisible();
    await page.getByLabel('Add a comment').fill('Love it! Source: https://example.com/notes');
    await page.getByRole('button', { name: 'Post comment' }).click();
    const comment = page.getByRole('listitem').filter({ hasText: 'Love it!' });
    await expect(comment.getByRole('link', { name: 'https://example.com/notes' })).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
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
    await page.getByRole('button', { name: 'Turn comments off' }).click();
    await expect(page.getByText(COMMUNITY_MSG.commentsOffNotice)).toBeVisible();
    await expect(page.getByLabel('Add a comment')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Turn comments on' })).toBeVisible();
    await expectNoAxeViolations(page);
    await creator.request.dispose();
  });

  test('follow a creator → their new glyph appears in Following and in the bell', async ({ page, playwright, extraHTTPHeaders, signedInUser }) => {
    test.setTimeout(90_000);
    void signedInUser;
    const creator = await apiUser(playwright, extraHTTPHeaders, 'fc');
    await page.goto(`/storefront/${creator.user.username}`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    const title = `Followed toy ${Date.now().toString(36)}`;
    await uploadGlyph(creator.request, title);

    await page.goto('/following');
    await expect(page.getByRole('heading', { name: 'Following', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expectNoAxeViolations(page);

    const menu = await openBell(page, 1);
    const item = menu.getByRole('menuitem', { name: new RegExp(`shared a new glyph: "${title}"`) });
    await expect(item).toBeVisible();
    await item.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/glyph\//);
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await creator.request.dispose();
  });
});
