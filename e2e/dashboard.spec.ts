import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, jsonHeaders, signUpViaApi, test, uniqueUser, focusWhenReady } from './fixtures.ts';
import { BASE_URL } from './support/ports.ts';

/** Creates a repository-only toy as the signed-in user of `request`. */
async function createToy(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.post('/api/upload-glyph', {
    headers: jsonHeaders,
    data: { title, description: `${title}: a light pattern for the Glyph Matrix.`, githubUrl: 'https://github.com/example/dashboard' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** A visitor's view or download, from its own address (the e2e server trusts X-Forwarded-For). */
async function record(request: APIRequestContext, what: 'view' | 'download', glyphId: string, ip: string): Promise<void> {
  const response = await request.post(`/api/record-${what}`, { headers: { ...jsonHeaders, 'x-forwarded-for': ip }, data: { glyphId } });
  expect(response.status(), await response.text()).toBe(200);
}

const today = () => new Date().toISOString().slice(0, 10);

test.describe('creator dashboard (issue 51)', () => {
  test('charts, their table, the keyboard read-out and the CSV of a toy’s views and downloads; axe clean', async ({ page, signedInUser, playwright }) => {
    expect(signedInUser.username).toBeTruthy();
    const title = `Dash Pulse ${Math.random().toString(36).slice(2, 8)}`;
    const glyphId = await createToy(page.request, title);
    const visitors = await playwright.request.newContext({ baseURL: BASE_URL });
    await record(visitors, 'view', glyphId, '10.51.0.1');
    await record(visitors, 'view', glyphId, '10.51.0.2');
    await record(visitors, 'download', glyphId, '10.51.0.1');
    await visitors.dispose();

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const views = page.getByRole('region', { name: 'Views per day', exact: true });
    // The first statistics read of a fresh server; a hang guard, not a speed check.
    await expect(views).toBeVisible({ timeout: 30_000 });
    // uPlot, loaded with the page's charts, draws each on a canvas.
    await expect(views.locator('[data-chart] canvas').first()).toBeVisible();
    await expect(page.locator('[data-chart] canvas')).not.toHaveCount(0);
    await expect(views.getByText(/Views: 2 in all/)).toBeVisible();

    // The chart's keyboard cursor reads the day out; End is today.
    await focusWhenReady(views.getByRole('group', { name: /Views per day/ }));
    await page.keyboard.press('End');
    await expect(views.getByText(/: Views 2$/)).toBeVisible();

    // The table alternative: the same numbers, today's row last.
    await views.getByRole('button', { name: 'Show as table' }).click();
    await expect(views.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
    const table = views.getByRole('table', { name: 'Views per day, per UTC day' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(31);
    await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['2']);
    const downloads = page.getByRole('region', { name: 'Downloads per day, by source', exact: true });
    await expect(downloads.getByRole('table').getByRole('row').last().getByRole('cell')).toHaveText(['1', '1', '0', '0']);
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^glyphary-dashboard-30-days-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Day,Views,All downloads,Via Download button,Via latest.apk link,Via F-Droid repository,Likes,New followers');
    expect(lines).toHaveLength(31);
    expect(lines.at(-1)).toBe(`${today()},2,1,1,0,0,0,0`);

    // The toy's own page, from Top toys, with the range kept.
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page).toHaveURL('/dashboard?days=7');
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/dashboard/${glyphId}?days=7`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Views per day', exact: true }).getByRole('table').getByRole('row')).toHaveCount(8);
    await expect(page.locator('[data-chart] canvas')).not.toHaveCount(0);
  });

  test('signed out it asks for a log-in; a new creator reaches it from their storefront and sees the empty state', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?redirect=%2Fdashboard');

    const user = uniqueUser('dash');
    await signUpViaApi(page.request, user);
    try {
      await page.goto(`/storefront/${user.username}`);
      await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByRole('heading', { name: 'Nothing to chart yet' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Upload Glyph' }).last()).toHaveAttribute('href', '/upload');
    } finally {
      await page.request.delete('/api/delete-user-data', { headers: { origin: BASE_URL } });
    }
  });
});
