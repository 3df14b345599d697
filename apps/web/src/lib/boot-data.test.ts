import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { BootData } from './boot-data.ts';

/** Puts a `<script id="glyphary-boot">` with `text` into the document, as the server does. */
function embed(text: string): void {
  document.getElementById('glyphary-boot')?.remove();
  const script = document.createElement('script');
  script.id = 'glyphary-boot';
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

describe('page boot data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the first GET of an embedded URL from the page, later ones from the network', async () => {
    const fetchMock = vi.fn(async () => new Response('{"glyphs":["fresh"]}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    embed(JSON.stringify({ '/api/get-glyphs?sort=latest&limit=12': { glyphs: ['embedded'] }, '/api/auth/get-session': null }));
    const boot = BootData.fromPage();
    expect(document.getElementById('glyphary-boot')).toBeNull();

    await expect(api.get('/get-glyphs', { boot, params: { sort: 'latest', limit: 12 } })).resolves.toEqual({ glyphs: ['embedded'] });
    await expect(api.get('/auth/get-session', { boot })).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    await expect(api.get('/get-glyphs', { boot, params: { sort: 'latest', limit: 12 } })).resolves.toEqual({ glyphs: ['fresh'] });
    await expect(api.get('/get-glyphs', { boot, params: { sort: 'popular', limit: 12 } })).resolves.toEqual({ glyphs: ['fresh'] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never answers a write from the page, and a malformed block only costs the shortcut', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    embed(JSON.stringify({ '/api/record-view': { ok: 'embedded' } }));
    const boot = BootData.fromPage();
    await expect(api.post('/record-view', { glyphId: 'x' }, { boot })).resolves.toEqual({ ok: true });

    embed('{not json');
    const broken = BootData.fromPage();
    await expect(api.get('/get-glyphs', { boot: broken })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('peeks without taking; a pre-rendering page never goes to the network', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const boot = new BootData({ '/api/auth/get-session': { user: { id: 'u1' } } }, true);
    expect(boot.peek('/api/auth/get-session')).toEqual({ body: { user: { id: 'u1' } } });
    await expect(api.get('/auth/get-session', { boot })).resolves.toEqual({ user: { id: 'u1' } });
    await expect(api.get('/auth/get-session', { boot })).rejects.toMatchObject({ status: 503, code: 'NOT_PRERENDERED' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
