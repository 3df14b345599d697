import { afterEach, describe, expect, it, vi } from 'vitest';

// The module reads the page once, so each test loads a fresh copy after setting up the document.
async function freshApi(boot: string | null) {
  document.getElementById('glyphary-boot')?.remove();
  if (boot !== null) {
    const script = document.createElement('script');
    script.id = 'glyphary-boot';
    script.type = 'application/json';
    script.textContent = boot;
    document.head.append(script);
  }
  vi.resetModules();
  return (await import('./api-client.ts')).api;
}

describe('page boot data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the first GET of an embedded URL from the page, later ones from the network', async () => {
    const fetchMock = vi.fn(async () => new Response('{"glyphs":["fresh"]}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const api = await freshApi(JSON.stringify({ '/api/get-glyphs?sort=latest&limit=12': { glyphs: ['embedded'] }, '/api/auth/get-session': null }));

    await expect(api.get('/get-glyphs', { params: { sort: 'latest', limit: 12 } })).resolves.toEqual({ glyphs: ['embedded'] });
    await expect(api.get('/auth/get-session')).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById('glyphary-boot')).toBeNull();

    await expect(api.get('/get-glyphs', { params: { sort: 'latest', limit: 12 } })).resolves.toEqual({ glyphs: ['fresh'] });
    await expect(api.get('/get-glyphs', { params: { sort: 'popular', limit: 12 } })).resolves.toEqual({ glyphs: ['fresh'] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never answers a write from the page, and a malformed block only costs the shortcut', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const api = await freshApi(JSON.stringify({ '/api/record-view': { ok: 'embedded' } }));
    await expect(api.post('/record-view', { glyphId: 'x' })).resolves.toEqual({ ok: true });

    const broken = await freshApi('{not json');
    await expect(broken.get('/get-glyphs')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
