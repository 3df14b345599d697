import fs from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import UPNG from 'upng-js';
import { decodeAnimation, gridToLeds, ledCells, MSG, type GlyphAnimation } from '@glyphary/shared';
import { pngChunk } from '@glyphary/test-support';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories.ts';
import { makePixelBombPng, makePng, multipart } from '../file-fixtures.ts';
import { animations, files } from '../../src/db/schema/index.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const fixtures = path.resolve(import.meta.dirname, '../../../../fixtures/glyph-matrix');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
const filesDir = () => path.join(t.dataDir, 'files');
const listDir = (dir: string) => (fs.existsSync(path.join(filesDir(), dir)) ? fs.readdirSync(path.join(filesDir(), dir)) : []);

function upload(auth: Record<string, string>, data: Buffer, filename: string, fields: Record<string, string> = {}) {
  const body = multipart([
    { name: 'type', value: 'animations' },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: data, filename },
  ]);
  return t.app.inject({ method: 'POST', url: '/api/upload-file', payload: body.payload, headers: { ...body.headers, ...auth } });
}

async function framesOf(url: string): Promise<GlyphAnimation> {
  const served = await t.app.inject({ method: 'GET', url });
  expect(served.statusCode).toBe(200);
  return decodeAnimation(new Uint8Array(served.rawPayload));
}

/** `levels[f]` fills frame f of a w×h RGBA picture. */
function rgbaFrames(w: number, h: number, levels: number[]): Buffer[] {
  return levels.map((level) => {
    const frame = Buffer.alloc(w * h * 4, level);
    for (let i = 3; i < frame.length; i += 4) frame[i] = 255;
    return frame;
  });
}
const stacked = (w: number, h: number, levels: number[]) =>
  sharp(Buffer.concat(rgbaFrames(w, h, levels)), { raw: { width: w, height: h * levels.length, channels: 4, pageHeight: h } });

const allLeds = (animation: GlyphAnimation, frame: number) => [...new Set(animation.frames[frame]!.leds)];

describe('POST /api/upload-file type=animations: import', () => {
  it('imports the kit JSON frame for frame, stores GLYA served immutable, a poster and an animated preview', async () => {
    const response = await upload(owner.auth, fixture('pulse_13.json'), 'pulse_13.json');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      url: expect.stringMatching(/^\/api\/files\/animations\/[0-9a-f-]{36}\.glya$/),
      thumbnail: expect.stringMatching(/^\/api\/files\/animations\/[0-9a-f-]{36}-poster\.webp$/),
      filename: expect.stringMatching(/^[0-9a-f-]{36}\.glya$/),
      type: 'animations',
      size: 8 + 8 * (2 + 137),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      animation: { width: 13, height: 13, frameCount: 8, durationMs: 960, flashing: false, flashAtMs: null },
    });
    const kit = JSON.parse(fixture('pulse_13.json').toString('utf8')) as { frames: Array<{ duration_ms: number; data: number[] }> };
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const decoded = decodeAnimation(new Uint8Array(served.rawPayload));
    expect(decoded.size).toBe(13);
    expect(decoded.frames.map((f) => f.durationMs)).toEqual(kit.frames.map((f) => f.duration_ms));
    decoded.frames.forEach((frame, i) => expect([...frame.leds]).toEqual([...gridToLeds(13, kit.frames[i]!.data)]));

    const poster = await t.app.inject({ method: 'GET', url: body.thumbnail });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    expect(poster.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(poster.rawPayload).metadata()).width).toBe(480);
    const preview = await t.app.inject({ method: 'GET', url: body.url.replace('.glya', '-preview.gif') });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/gif');
    expect(preview.rawPayload.length).toBeLessThanOrEqual(1024 * 1024);
    const previewMeta = await sharp(preview.rawPayload, { animated: true }).metadata();
    expect(previewMeta.pages).toBeGreaterThan(1);

    const [row] = await t.database.db.select().from(animations).where(eq(animations.filename, body.filename));
    expect(row).toMatchObject({ matrixSize: 13, frameCount: 8, durationMs: 960, flashing: false, flashAtMs: null });
    expect(listDir('tmp')).toEqual([]);
  });

  it('flags the strobe sample as flashing at its first second and gives it no animated preview', async () => {
    const body = (await upload(owner.auth, fixture('strobe_25.json'), 'strobe.json')).json();
    expect(body.animation).toEqual({ width: 25, height: 25, frameCount: 20, durationMs: 1000, flashing: true, flashAtMs: 0 });
    const preview = await t.app.inject({ method: 'GET', url: body.url.replace('.glya', '-preview.gif') });
    expect(preview.statusCode).toBe(404);
  });

  it('imports an animated GIF: one frame per page with its delay, grey levels kept', async () => {
    const gif = await stacked(40, 30, [0, 255, 0]).gif({ delay: [100, 200, 300], loop: 0 }).toBuffer();
    const body = (await upload(owner.auth, gif, 'anim.gif')).json();
    expect(body.animation).toMatchObject({ width: 25, frameCount: 3, durationMs: 600 });
    const frames = await framesOf(body.url);
    expect(frames.frames.map((f) => f.durationMs)).toEqual([100, 200, 300]);
    expect(allLeds(frames, 0)).toEqual([0]);
    expect(allLeds(frames, 1)).toEqual([255]);
  });

  it('imports an animated WebP, on the 13×13 matrix when asked', async () => {
    const webp = await stacked(32, 32, [255, 0]).webp({ delay: [150, 250], loop: 0, lossless: true }).toBuffer();
    const body = (await upload(owner.auth, webp, 'anim.webp', { size: '13' })).json();
    expect(body.animation).toMatchObject({ width: 13, height: 13, frameCount: 2, durationMs: 400 });
    const frames = await framesOf(body.url);
    expect(frames.frames[0]!.leds.length).toBe(137);
    expect(allLeds(frames, 0)).toEqual([255]);
    expect(allLeds(frames, 1)).toEqual([0]);
  });

  it('imports an APNG frame for frame (libvips alone would see only the first)', async () => {
    const apng = Buffer.from(UPNG.encode(rgbaFrames(20, 20, [0, 128, 255]).map((f) => Uint8Array.from(f).buffer), 20, 20, 0, [100, 100, 500]));
    const body = (await upload(owner.auth, apng, 'anim.png')).json();
    expect(body.animation).toMatchObject({ frameCount: 3, durationMs: 700 });
    const frames = await framesOf(body.url);
    expect(frames.frames.map((f) => allLeds(frames, frames.frames.indexOf(f)))).toEqual([[0], [128], [255]]);
  });

  it('imports a still image as one frame, area-averaging luminance per LED', async () => {
    // Left half white, right half black: the middle column of LEDs covers both halves.
    const w = 100;
    const pixels = Buffer.alloc(w * w * 3);
    for (let y = 0; y < w; y++) for (let x = 0; x < w / 2; x++) pixels.fill(255, (y * w + x) * 3, (y * w + x) * 3 + 3);
    const png = await sharp(pixels, { raw: { width: w, height: w, channels: 3 } }).png().toBuffer();
    const body = (await upload(owner.auth, png, 'half.png')).json();
    expect(body.animation).toMatchObject({ width: 25, frameCount: 1, durationMs: 1000, flashing: false });
    const { frames } = await framesOf(body.url);
    const cells = ledCells(25);
    const at = (x: number) => frames[0]!.leds[cells.indexOf(12 * 25 + x)];
    expect(at(0)).toBe(255);
    expect(at(11)).toBe(255);
    // Column 12 spans pixels 48–51: half lit, 50% luminance in linear light = sRGB 188.
    expect(at(12)).toBe(188);
    expect(at(13)).toBe(0);
  });

  it('applies invert, brightness, contrast and speed', async () => {
    const gif = await stacked(25, 25, [0, 255]).gif({ delay: [200, 400], loop: 0 }).toBuffer();
    const inverted = (await upload(owner.auth, gif, 'a.gif', { invert: 'true', speed: '2' })).json();
    const frames = await framesOf(inverted.url);
    expect(frames.frames.map((f) => f.durationMs)).toEqual([100, 200]);
    expect(allLeds(frames, 0)).toEqual([255]);
    expect(allLeds(frames, 1)).toEqual([0]);
    const dimmed = await framesOf((await upload(owner.auth, gif, 'a.gif', { brightness: '-50' })).json().url);
    expect(allLeds(dimmed, 1)).toEqual([128]);
    const flat = await framesOf((await upload(owner.auth, gif, 'a.gif', { contrast: '-100' })).json().url);
    expect(allLeds(flat, 0)).toEqual([128]);
    expect(allLeds(flat, 1)).toEqual([128]);
  });
});

/** A 223-byte GIF whose `frames` 1×1 pictures sit on a `side`² screen: every frame decodes to side² pixels. */
function gifPixelBomb(side: number, frames: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(side, 0);
  screen.writeUInt16LE(side, 2);
  screen[4] = 0x80; // a two-colour global table follows
  const parts = [Buffer.from('GIF89a'), screen, Buffer.from([0, 0, 0, 255, 255, 255]), Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('NETSCAPE2.0'), Buffer.from([3, 1, 0, 0, 0])];
  // Per frame: a 100 ms control block, a 1×1 image at 0,0 and its LZW data (clear, colour 0, end).
  for (let f = 0; f < frames; f++) parts.push(Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]));
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** An APNG header announcing `frames` frames of side² pixels (no frame is ever inflated). */
function apngPixelBomb(side: number, frames: number): Buffer {
  const png = makePixelBombPng(side, side);
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(frames, 0);
  const chunk = Buffer.alloc(12 + 8);
  chunk.writeUInt32BE(8, 0);
  chunk.write('acTL', 4, 'latin1');
  actl.copy(chunk, 8);
  chunk.writeInt32BE(crc32(chunk.subarray(4, 16)) | 0, 16);
  // After the signature (8) and IHDR (25 bytes): acTL comes before the image data.
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

/** An APNG of one 10×10 frame whose image data inflates to `megabytes` MB (issue 46 item 3). */
function apngInflateBomb(megabytes: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10, 0);
  ihdr.writeUInt32BE(10, 4);
  ihdr[8] = 8; // depth
  ihdr[9] = 6; // RGBA
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(1, 0);
  const fctl = Buffer.alloc(26);
  fctl.writeUInt32BE(10, 4);
  fctl.writeUInt32BE(10, 8);
  fctl.writeUInt16BE(1, 20);
  fctl.writeUInt16BE(10, 22);
  const data = deflateSync(Buffer.alloc(megabytes * 1024 * 1024));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('acTL', actl), pngChunk('fcTL', fctl), pngChunk('IDAT', data), pngChunk('IEND', Buffer.alloc(0))]);
}

describe('POST /api/upload-file type=animations: refusals store nothing', () => {
  const kit = (frames: Array<{ duration_ms: unknown; data: unknown }>, size = 25) => Buffer.from(JSON.stringify({ device: 'Phone (3)', matrix_size: { width: size, height: size }, frames }));
  const dark = (n = 625) => Array.from({ length: n }, () => 0);
  const cases: Array<[string, () => Promise<Buffer> | Buffer, string, Record<string, string>, number, string]> = [
    ['malformed JSON', () => Buffer.from('{"frames": [1, 2'), 'a.json', {}, 400, MSG.animationJsonInvalid],
    ['a 20×20 matrix', () => kit([{ duration_ms: 100, data: dark(400) }], 20), 'a.json', {}, 422, MSG.animationMatrixSizeUnsupported],
    ['a non-square matrix', () => Buffer.from(JSON.stringify({ matrix_size: { width: 25, height: 13 }, frames: [] })), 'a.json', {}, 422, MSG.animationMatrixSizeUnsupported],
    ['data of the wrong length', () => kit([{ duration_ms: 100, data: dark(624) }]), 'a.json', {}, 422, MSG.animationFrameData(25)],
    ['a value over 255', () => kit([{ duration_ms: 100, data: [...dark(624), 256] }]), 'a.json', {}, 422, MSG.animationFrameData(25)],
    ['a fractional value', () => kit([{ duration_ms: 100, data: [...dark(624), 1.5] }]), 'a.json', {}, 422, MSG.animationFrameData(25)],
    ['no frames', () => kit([]), 'a.json', {}, 422, MSG.animationNoFrames],
    ['1,001 frames', () => kit(Array.from({ length: 1001 }, () => ({ duration_ms: 20, data: dark() }))), 'a.json', {}, 422, MSG.animationTooManyFrames],
    ['a 10 ms frame', () => kit([{ duration_ms: 10, data: dark() }]), 'a.json', {}, 422, MSG.animationFrameDuration],
    ['an 11 s frame', () => kit([{ duration_ms: 11_000, data: dark() }]), 'a.json', {}, 422, MSG.animationFrameDuration],
    ['over 60 s in total', () => kit(Array.from({ length: 7 }, () => ({ duration_ms: 10_000, data: dark() }))), 'a.json', {}, 422, MSG.animationTooLong],
    ['a pixel bomb PNG', () => makePixelBombPng(), 'bomb.png', {}, 413, MSG.animationPixelsTooLarge],
    ['a GIF whose frames add up to a pixel bomb (8 × 2000²)', () => gifPixelBomb(2000, 8), 'bomb.gif', {}, 413, MSG.animationPixelsTooLarge],
    ['an APNG whose frames add up to a pixel bomb (10 × 2000²)', () => apngPixelBomb(2000, 10), 'bomb.png', {}, 413, MSG.animationPixelsTooLarge],
    ['an APNG whose 10×10 frame inflates to 256 MB', () => apngInflateBomb(256), 'bomb.png', {}, 422, MSG.animationDataTooLarge],
    ['a GIF of 1,001 frames', () => stacked(2, 2, Array.from({ length: 1001 }, (_, i) => (i % 2) * 255)).gif({ delay: Array.from({ length: 1001 }, () => 20) }).toBuffer(), 'huge.gif', {}, 422, MSG.animationTooManyFrames],
    ['a huge GIF (over 8MB)', () => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(8 * 1024 * 1024)]), 'huge.gif', {}, 413, MSG.animationFileTooLarge],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', {}, 415, MSG.animationTypeUnsupported],
    ['a GIF that does not decode', () => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 7)]), 'bad.gif', {}, 415, MSG.animationUnreadable],
    ['matrix size 20', () => makePng(), 'a.png', { size: '20' }, 400, MSG.animationSizeInvalid],
    ['brightness 101', () => makePng(), 'a.png', { brightness: '101' }, 400, MSG.animationBrightnessInvalid],
    ['contrast "x"', () => makePng(), 'a.png', { contrast: 'x' }, 400, MSG.animationContrastInvalid],
    ['invert "yes"', () => makePng(), 'a.png', { invert: 'yes' }, 400, MSG.animationInvertInvalid],
    ['speed 5', () => makePng(), 'a.png', { speed: '5' }, 400, MSG.animationSpeedInvalid],
  ];
  it.each(cases)('refuses %s', async (_name, make, filename, fields, status, error) => {
    const rowsBefore = await t.database.db.$count(files);
    const storedBefore = listDir('animations').length;
    const response = await upload(owner.auth, await make(), filename, fields);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(error);
    expect(await t.database.db.$count(files)).toBe(rowsBefore);
    expect(listDir('animations').length).toBe(storedBefore);
    expect(listDir('tmp')).toEqual([]);
  });

  it('asks for a login before looking at the upload', async () => {
    const response = await upload({}, Buffer.from('not json'), 'a.json', { size: '99' });
    expect(response.statusCode).toBe(401);
  });
});



describe('animationUrl on upload-glyph and update-glyph', () => {
  const valid = { title: 'Ring Pulse', description: 'A ring that grows from the centre.', githubUrl: 'https://github.com/example/ring' };
  const post = (auth: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/upload-glyph', payload, headers: auth });
  const put = (auth: Record<string, string>, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/update-glyph/${id}`, payload, headers: auth });
  const getGlyph = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/get-glyph/${id}` })).json().glyph;
  const uploaded = async (user: TestUser, name = 'pulse_25.json') => (await upload(user.auth, fixture(name), name)).json() as { url: string; thumbnail: string; filename: string };

  it('attaches the caller’s animation; get-glyph, lists and search carry it; the glyph page shares the animated preview', async () => {
    const animation = await uploaded(owner);
    const created = await post(owner.auth, { ...valid, title: 'Animated Ring Sharer', animationUrl: `http://localhost:3000${animation.url}` });
    expect(created.statusCode).toBe(200);
    const expected = { width: 25, height: 25, frameCount: 12, durationMs: 1440, flashing: false, url: animation.url, posterUrl: animation.thumbnail };
    expect(created.json().glyph.animation).toEqual(expected);
    const id = created.json().id as string;
    expect((await getGlyph(id)).animation).toEqual(expected);
    const list = (await t.app.inject({ method: 'GET', url: '/api/get-glyphs?sort=latest&limit=50' })).json();
    expect(list.glyphs.find((g: { id: string }) => g.id === id).animation).toEqual(expected);
    expect(list.glyphs.every((g: { animation: unknown }) => g.animation === null || typeof g.animation === 'object')).toBe(true);
    const search = (await t.app.inject({ method: 'GET', url: '/api/get-glyphs?search=Sharer' })).json();
    expect(search.glyphs.find((g: { id: string }) => g.id === id)?.animation).toEqual(expected);

    const page = await t.app.inject({ method: 'GET', url: `/glyph/${id}` });
    const preview = animation.url.replace('.glya', '-preview.gif');
    expect(page.body).toContain(`<meta property="og:image" content="http://localhost:3000${preview}" />`);
    expect(page.body).toContain(`<meta name="twitter:image" content="http://localhost:3000${preview}" />`);
    const gif = await t.app.inject({ method: 'GET', url: preview });
    expect((await sharp(gif.rawPayload, { animated: true }).metadata()).pages).toBeGreaterThan(1);
  });

  it('shares the still poster, never the strobe, for a flashing animation', async () => {
    const strobe = await uploaded(owner, 'strobe_25.json');
    const id = (await post(owner.auth, { ...valid, animationUrl: strobe.url })).json().id as string;
    expect((await getGlyph(id)).animation.flashing).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: `/glyph/${id}` });
    expect(page.body).toContain(`<meta property="og:image" content="http://localhost:3000${strobe.thumbnail}" />`);
  });

  it('keeps the animation when an update leaves the field out, and removes it with null or an empty string', async () => {
    const animation = await uploaded(owner);
    const id = (await post(owner.auth, { ...valid, animationUrl: animation.url })).json().id as string;
    expect((await put(owner.auth, id, { ...valid, title: 'Renamed' })).json().glyph.animation.url).toBe(animation.url);
    expect((await put(owner.auth, id, { ...valid, animationUrl: null })).json().glyph.animation).toBeNull();
    const again = await uploaded(owner);
    expect((await put(owner.auth, id, { ...valid, animationUrl: again.url })).json().glyph.animation.url).toBe(again.url);
    expect((await put(owner.auth, id, { ...valid, animationUrl: '' })).json().glyph.animation).toBeNull();
  });

  it('answers animation null for glyphs without one', async () => {
    const id = (await post(owner.auth, valid)).json().id as string;
    expect((await getGlyph(id)).animation).toBeNull();
  });

  it('refuses an animation that is not the caller’s own upload, and changes nothing', async () => {
    const theirs = await uploaded(other);
    const mine = await uploaded(owner);
    const id = (await post(owner.auth, { ...valid, animationUrl: mine.url })).json().id as string;
    for (const animationUrl of [
      theirs.url,
      '/api/files/animations/00000000-0000-4000-8000-000000000000.glya',
      mine.thumbnail,
      'https://example.com/a.glya',
      '/api/files/images/00000000-0000-4000-8000-000000000000.webp',
    ]) {
      const created = await post(owner.auth, { ...valid, animationUrl });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({ error: MSG.animationNotOwned, code: 'ANIMATION_NOT_OWNED' });
      const updated = await put(owner.auth, id, { ...valid, animationUrl });
      expect(updated.statusCode).toBe(400);
    }
    expect((await getGlyph(id)).animation.url).toBe(mine.url);
  });

  it('keeps an animation a live glyph uses from deletion, and stops serving it once the glyph is deleted', async () => {
    const animation = await uploaded(owner);
    const id = (await post(owner.auth, { ...valid, animationUrl: animation.url })).json().id as string;
    const refused = await t.app.inject({ method: 'DELETE', url: '/api/delete-file', payload: { filename: animation.filename, type: 'animations' }, headers: owner.auth });
    expect(refused.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${id}`, headers: owner.auth })).statusCode).toBe(200);
    expect((await getGlyph(id)).animation).toBeNull();
    for (const url of [animation.url, animation.thumbnail]) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // A deleted glyph's animation cannot be attached again.
    expect((await post(owner.auth, { ...valid, animationUrl: animation.url })).statusCode).toBe(400);
  });

  it('a replaced animation is no longer referenced: the page shares the new one and the owner may delete the old', async () => {
    const first = await uploaded(owner);
    const id = (await post(owner.auth, { ...valid, animationUrl: first.url })).json().id as string;
    const second = await uploaded(owner, 'pulse_13.json');
    expect((await put(owner.auth, id, { ...valid, animationUrl: second.url })).json().glyph.animation.url).toBe(second.url);
    expect((await getGlyph(id)).animation).toMatchObject({ url: second.url, posterUrl: second.thumbnail, width: 13 });
    const page = await t.app.inject({ method: 'GET', url: `/glyph/${id}` });
    expect(page.body).toContain(second.url.replace('.glya', '-preview.gif'));
    expect(page.body).not.toContain(first.filename.replace('.glya', ''));
    // Nothing keeps the old one: deleting it is allowed (a used one answers 409) and removes its poster and preview.
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/delete-file', payload: { filename: first.filename, type: 'animations' }, headers: owner.auth });
    expect(deleted.statusCode).toBe(200);
    expect(listDir('animations').filter((name) => name.startsWith(first.filename.replace('.glya', '')))).toEqual([]);
    expect((await getGlyph(id)).animation.url).toBe(second.url);
  });

  it('lets the owner delete an unused animation with its poster and preview', async () => {
    const animation = await uploaded(owner);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/delete-file', payload: { filename: animation.filename, type: 'animations' }, headers: owner.auth });
    expect(deleted.statusCode).toBe(200);
    const id = animation.filename.replace('.glya', '');
    expect(listDir('animations').filter((name) => name.startsWith(id))).toEqual([]);
    expect(await t.database.db.$count(animations, eq(animations.filename, animation.filename))).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents the animation upload answer, the glyph animation and animationUrl', async () => {
    const doc = JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
    for (const word of ['flashAtMs', 'posterUrl', 'animationUrl', 'type=animations']) expect(doc).toContain(word);
  });
});
