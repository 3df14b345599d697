import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '@glyphary/shared';
import {
  apiUser,
  expect,
  expectNoAxeViolations,
  jsonHeaders,
  loginViaApi,
  signInAsSuperAdmin,
  test,
} from './fixtures.ts';
import { BASE_URL } from './support/ports.ts';

async function postJson<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { headers: jsonHeaders, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test.describe('admin panel', () => {
  test('an admin syncs, promotes a user, adds an admin by email, deletes a glyph and force-completes then resets a request', async ({
    page,
    playwright,
    extraHTTPHeaders,
    browser,
  }) => {
    test.setTimeout(150_000);
    await signInAsSuperAdmin(page.context());
    const maker = await apiUser(playwright, extraHTTPHeaders, 'mk');
    const taker = await apiUser(playwright, extraHTTPHeaders, 'tk');
    const glyphTitle = `Admin e2e glyph ${Date.now().toString(36)}`;
    await postJson(maker.request, '/api/upload-glyph', {
      title: glyphTitle,
      description: 'A glyph the admin deletes.',
      githubUrl: 'https://github.com/example/toy',
    });
    const requestTitle = `Admin e2e request ${Date.now().toString(36)}`;
    const created = await postJson<{ id: string }>(maker.request, '/api/glyph-requests', {
      title: requestTitle,
      description: 'Please build it.',
      tags: 'e2e',
    });
    await postJson(taker.request, `/api/glyph-requests/${created.id}/take-on`, {});

    try {
      // Statistics: the cards, sync and metrics; no "known to be broken" notice (DESIGN §4.11).
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
      for (const label of ['Total Users', 'Total Glyphs', 'Unique Downloads', 'Unique Views', 'Total Likes', 'Active Admins']) {
        await expect(page.getByText(label, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole('heading', { name: 'Top Performing Glyphs' })).toBeVisible();
      await expect(page.getByText(/known to be broken/i)).toHaveCount(0);
      await page.getByRole('button', { name: MSG.syncAll }).click();
      await expect(page.getByRole('status').filter({ hasText: MSG.syncUpdated(0) })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Completed', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      // Users: search, then Make Admin.
      await openTab(page, 'Users');
      await page.getByLabel('Search users').fill(maker.user.username.toUpperCase());
      const promote = page.getByRole('button', { name: `Make Admin @${maker.user.username}` });
      await expect(promote).toBeVisible();
      await expect(page.getByText(maker.user.email)).toBeVisible();
      await expectNoAxeViolations(page);
      await promote.click();
      await expect(page.getByText(MSG.userPromoted)).toBeVisible();
      await expect(promote).toHaveCount(0);

      // Admins: add by email (disabled while empty), unknown email, list with badges.
      await openTab(page, 'Admins');
      const add = page.getByRole('button', { name: 'Add Admin' });
      await expect(add).toBeDisabled();
      await page.getByLabel('Email address').fill('nobody-here@e2e.test');
      await add.click();
      await expect(page.getByText(MSG.adminAddFailed(MSG.noAccountWithEmail))).toBeVisible();
      await page.getByLabel('Email address').fill(taker.user.email.toUpperCase());
      await add.click();
      await expect(page.getByText(MSG.adminAdded)).toBeVisible();
      await expect(page.getByLabel('Email address')).toHaveValue('');
      await expect(add).toBeDisabled();
      await expect(page.getByText(`@${taker.user.username} · ${taker.user.email}`)).toBeVisible();
      await expect(page.getByText(`@${maker.user.username} · ${maker.user.email}`)).toBeVisible();
      await expect(page.getByText('Super Admin', { exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(page);

      // A regular admin (the maker, promoted above) sees the Admins list without 'Remove Admin' (issue 19).
      const makerContext = await browser.newContext();
      try {
        const makerPage = await makerContext.newPage();
        await loginViaApi(makerPage.request, maker.user);
        await makerPage.goto('/admin?tab=admins');
        await expect(makerPage.getByText(`@${taker.user.username} · ${taker.user.email}`)).toBeVisible();
        await expect(makerPage.getByRole('button', { name: /Remove Admin/ })).toHaveCount(0);
      } finally {
        await makerContext.close();
      }

      // The super admin removes admin rights, after confirming.
      await page.getByRole('button', { name: `Remove Admin @${taker.user.username}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove admin rights' });
      await expect(confirm.getByText(MSG.adminRemoveConfirm)).toBeVisible();
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: 'Remove Admin' }).click();
      await expect(page.getByText(MSG.adminRemoved)).toBeVisible();
      await expect(page.getByText(`@${taker.user.username} · ${taker.user.email}`)).toHaveCount(0);

      // Glyphs: delete with confirmation.
      await openTab(page, 'Glyphs');
      await page.getByRole('button', { name: `Delete ${glyphTitle}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(MSG.deleteGlyphConfirm)).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(MSG.glyphDeleted)).toBeVisible();
      await expect(page.getByRole('button', { name: `Delete ${glyphTitle}` })).toHaveCount(0);

      // Requests: force-complete, then reset, each confirmed.
      await openTab(page, 'Requests');
      const row = page.getByRole('row').filter({ hasText: requestTitle });
      await expect(row.getByText('IN PROGRESS')).toBeVisible();
      await expect(row.getByRole('cell', { name: taker.user.username, exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await row.getByRole('button', { name: `Force complete ${requestTitle}` }).click();
      await expect(page.getByRole('dialog').getByText(MSG.requestForceCompleteConfirm)).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Mark as completed' }).click();
      await expect(page.getByText(MSG.requestCompleted)).toBeVisible();
      await expect(row.getByText('COMPLETED')).toBeVisible();
      await row.getByRole('button', { name: `Reset ${requestTitle}` }).click();
      await expect(page.getByRole('dialog').getByText(MSG.requestResetConfirm)).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Reset to open' }).click();
      await expect(page.getByText(MSG.requestReset)).toBeVisible();
      await expect(row.getByText('OPEN', { exact: true })).toBeVisible();

      // Audit: the actions are recorded with their actor.
      await openTab(page, 'Audit');
      await expect(page.getByText('Deleted glyph').first()).toBeVisible();
      await expect(page.getByText('Made admin').first()).toBeVisible();
      await expect(page.getByText('Removed admin').first()).toBeVisible();
      await expectNoAxeViolations(page);

      // A real admin who reloads is not bounced (the profile loads first: 'Loading admin panel...').
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/admin');
    } finally {
      for (const { request } of [maker, taker]) {
        await request.delete('/api/delete-user-data', { headers: { origin: BASE_URL } });
        await request.dispose();
      }
    }
  });

  test('a non-admin on /admin is sent to /', async ({ page, signedInUser }) => {
    expect(signedInUser.email).toContain('@');
    await page.goto('/admin');
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
  });
});
