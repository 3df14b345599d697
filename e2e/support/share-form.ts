/** Steps of the Share Glyph form (/upload) that several journeys go through. */
import { expect, type Page } from '@playwright/test';
import { MSG } from '@glyphary/shared';

/** Opens the form and sends it empty: it refuses before sending, naming the title first (spec §5 order). */
export async function openShareFormAndSendEmpty(page: Page): Promise<void> {
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Share Glyph' })).toBeVisible();
  await page.getByRole('button', { name: 'Share Glyph' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.titleRequired })).toBeVisible();
}

/** The debug button behind the Diagnostics disclosure: it reports the database round trip. */
export async function checkDatabase(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Check Database' })).toBeHidden();
  await page.getByText(MSG.diagnostics, { exact: true }).click();
  await page.getByRole('button', { name: 'Check Database' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Database reachable \(\d+(\.\d+)? ms\)/ })).toBeVisible();
}

/** Sends the filled form and waits for the new glyph's page; returns its path. */
export async function publishShareForm(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share Glyph' }).click();
  await expect(page).toHaveURL(/\/glyph\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}
