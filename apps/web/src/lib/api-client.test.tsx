import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@glyphary/shared';
import { api, ApiError } from './api-client.ts';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON to /api{path} with the same-origin session and returns the parsed body', async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ success: true }), { status: 200 }));
    await expect(api.post('/update-user', { bio: 'hi' })).resolves.toEqual({ success: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/update-user');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"bio":"hi"}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('adds query parameters and leaves out empty ones', async () => {
    const fetchMock = stubFetch(new Response('{"glyphs":[]}', { status: 200 }));
    await api.get('/get-glyphs', { params: { sort: 'latest', limit: 12, search: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/get-glyphs?sort=latest&limit=12');
  });

  it('sends DELETE without a body or content type', async () => {
    const fetchMock = stubFetch(new Response('{"success":true}', { status: 200 }));
    await api.delete('/delete-user-data');
    const init = fetchMock.mock.calls[0]?.[1] as unknown as RequestInit;
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it("uses the response's error field as the message, with status and code", async () => {
    stubFetch(new Response(JSON.stringify({ error: 'Title is required', code: 'VALIDATION_ERROR' }), { status: 400 }));
    const error = await caught(api.post('/upload-glyph', {}));
    expect(error.message).toBe('Title is required');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
  });

  it("falls back to 'HTTP {status}' when the body has no error field", async () => {
    stubFetch(new Response('', { status: 500 }));
    const error = await caught(api.get('/health'));
    expect(error.message).toBe('HTTP 500');
    expect(error.message).toBe(MSG.httpStatus(500));
    expect(error.status).toBe(500);
    expect(error.code).toBe('HTTP_500');
  });

  it("falls back to 'HTTP {status}' for a non-JSON error page", async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await caught(api.get('/health'));
    expect(error.message).toBe('HTTP 502');
  });
});
