/**
 * Test data made through the API, for tests whose subject is not the form that would make it: users
 * with their own API session, uploaded APKs, shared glyphs, requests. Every title a test later looks
 * for on a shared page should carry a word of its own (`uniqueWord`): one server and database serve
 * all workers at once, so a list other tests also write to can move under a test at any moment.
 */
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { buildApk, GLYPH_ENABLE } from '@glyphary/test-support';
import { BASE_URL } from './ports.ts';

export const APK_MIME = 'application/vnd.android.package-archive';
const jsonHeaders = { origin: BASE_URL, 'content-type': 'application/json' };

/** A lowercase word no other test uses (letters and digits, so it is one search word). */
export function uniqueWord(prefix = 'w'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** An unsigned one-toy APK from the shared builder (the server analyses every APK). */
export function toyApk(options: { packageName?: string; name?: string; summary?: string; aod?: boolean } = {}): Buffer {
  return buildApk({
    packageName: options.packageName ?? 'com.example.e2e',
    permissions: [GLYPH_ENABLE],
    toys: [{ service: '.E2eToy', name: options.name ?? 'Toy', summary: options.summary ?? 'A toy', aod: options.aod ?? false }],
  });
}

/** POSTs JSON as the signed-in user of `request`; expects 200 and returns the answer. */
export async function postJson<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { headers: jsonHeaders, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Uploads an APK (any bytes: signed or not) as the signed-in user of `request`; returns its URL. */
export async function uploadApk(request: APIRequestContext, apk: Buffer = toyApk(), name = 'toy.apk'): Promise<string> {
  const response = await request.post('/api/upload-file', {
    headers: { origin: BASE_URL },
    multipart: { type: 'apks', file: { name, mimeType: APK_MIME, buffer: apk } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** Shares a glyph through the API (the same call the Share Glyph form makes); returns its id. */
export async function shareGlyph(request: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  return (await postJson<{ id: string }>(request, '/api/upload-glyph', data)).id;
}

/** Creates a glyph request through the API; returns its id. */
export async function createRequest(request: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  return (await postJson<{ id: string }>(request, '/api/glyph-requests', data)).id;
}
