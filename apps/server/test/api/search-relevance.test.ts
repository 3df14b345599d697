import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Glyph } from '@glyphary/shared';
import { buildTestApp, json, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, type TestUser } from '../factories.ts';

// Issue 20: a fixed relevance check. Fifty searches over a fixed small catalogue, each with the results
// it must start with (in order) — exact words, prefixes, stems, typos, several words, creator names,
// description-only matches, stop words. It passed on the first full-text search before the bounded
// candidate set was added, and must keep passing: faster search may not mean worse answers.

let t: TestApp;
const ids: Record<string, string> = {};
const keyOf = new Map<string, string>();

interface Entry {
  title: string;
  description: string;
  creator: 'neon' | 'dot' | 'quiet';
  downloads: number;
  likes: number;
  deleted?: boolean;
}

// Popularity (downloads + likes) breaks ties between equally relevant glyphs, so the counters matter.
const CATALOGUE: Record<string, Entry> = {
  clockFace: { title: 'Minimal Clock Face', description: 'Shows hours and minutes as a ring of dots.', creator: 'neon', downloads: 40, likes: 10 },
  clockNeon: { title: 'Neon Clock', description: 'A bright clock with seconds ticking around the edge.', creator: 'dot', downloads: 5, likes: 1 },
  analogClock: { title: 'Analog Clock Sweep', description: 'Classic hands sweep smoothly.', creator: 'quiet', downloads: 2, likes: 0 },
  bootAnim: { title: 'Boot Animation', description: 'Plays while the phone starts up.', creator: 'neon', downloads: 50, likes: 20 },
  bootRing: { title: 'Boot Ring', description: 'A spinning ring at startup.', creator: 'dot', downloads: 3, likes: 1 },
  charging: { title: 'Charging Meter', description: 'Fills up as the battery charges.', creator: 'quiet', downloads: 30, likes: 5 },
  batteryBar: { title: 'Battery Bar', description: 'Shows the battery level as a bar.', creator: 'dot', downloads: 8, likes: 2 },
  lowBattery: { title: 'Low Battery Warning', description: 'Blinks red when the charge falls under 15 percent.', creator: 'neon', downloads: 1, likes: 0 },
  notifPulse: { title: 'Notification Pulse', description: 'Pulses once for every new message.', creator: 'quiet', downloads: 20, likes: 4 },
  notifCounter: { title: 'Notification Counter', description: 'Counts unread notifications with dots.', creator: 'dot', downloads: 2, likes: 1 },
  musicViz: { title: 'Music Visualizer', description: 'Bars dance to whatever is playing.', creator: 'neon', downloads: 60, likes: 30 },
  equalizer: { title: 'Equalizer Bars', description: 'A ten band equalizer for music playback.', creator: 'quiet', downloads: 4, likes: 1 },
  weather: { title: 'Weather Icons', description: 'Sun, rain and snow drawn in dots.', creator: 'dot', downloads: 6, likes: 2 },
  rainfall: { title: 'Rainfall', description: 'Drops fall down the matrix like water on a window.', creator: 'quiet', downloads: 3, likes: 0 },
  compass: { title: 'Compass Needle', description: 'Points north using the magnetometer.', creator: 'neon', downloads: 7, likes: 1 },
  pomodoro: { title: 'Pomodoro Timer', description: 'Twenty five minute focus sessions with a countdown ring.', creator: 'dot', downloads: 25, likes: 9 },
  eggTimer: { title: 'Egg Timer', description: 'A tiny countdown for the kitchen.', creator: 'quiet', downloads: 2, likes: 0 },
  snake: { title: 'Snake Game', description: 'Play the classic snake on the glyph matrix.', creator: 'neon', downloads: 45, likes: 15 },
  pong: { title: 'Pong', description: 'Two paddles and a ball; a retro game for the back of your phone.', creator: 'dot', downloads: 12, likes: 3 },
  heartbeat: { title: 'Heartbeat Monitor', description: 'A pulse line that beats like a heart.', creator: 'quiet', downloads: 9, likes: 2 },
  breathing: { title: 'Breathing Guide', description: 'Expands and contracts to pace your breath.', creator: 'neon', downloads: 11, likes: 3 },
  spotify: { title: 'Spotify Now Playing', description: 'Shows the album progress of the current song.', creator: 'dot', downloads: 14, likes: 6 },
  volume: { title: 'Volume Indicator', description: 'Shows the volume level when you press the keys.', creator: 'quiet', downloads: 5, likes: 1 },
  callGlow: { title: 'Incoming Call Glow', description: 'Glows softly when someone is calling.', creator: 'neon', downloads: 3, likes: 1 },
  firework: { title: 'Firework Burst', description: 'Celebrates the new year with bursts of light.', creator: 'dot', downloads: 2, likes: 0 },
  galaxy: { title: 'Galaxy Spiral', description: 'A slowly rotating spiral of stars.', creator: 'quiet', downloads: 4, likes: 1 },
  retroTetris: { title: 'Retro Tetris', description: 'Falling blocks, the old way.', creator: 'neon', downloads: 16, likes: 4 },
  qrDisplay: { title: 'QR Code Display', description: 'Shows a small code for sharing your contact.', creator: 'dot', downloads: 1, likes: 0 },
  stepCounter: { title: 'Step Counter', description: 'Counts your steps from the pedometer.', creator: 'quiet', downloads: 6, likes: 1 },
  deletedClock: { title: 'Deleted Clock', description: 'A clock that was removed.', creator: 'neon', downloads: 99, likes: 99, deleted: true },
};

/**
 * [search, the keys the results start with, in order; `exact` when nothing else may follow].
 * Written from what a person typing the search expects; ties between equally good matches go to
 * the more popular glyph.
 */
const CASES: [string, string[], 'exact'?][] = [
  ['clock', ['clockFace', 'clockNeon', 'analogClock'], 'exact'],
  ['clok', ['clockFace', 'clockNeon', 'analogClock']],
  ['the clock', ['clockFace', 'clockNeon', 'analogClock'], 'exact'],
  ['Minimal', ['clockFace'], 'exact'],
  ['boot', ['bootAnim', 'bootRing'], 'exact'],
  ['boot ring', ['bootRing'], 'exact'],
  ['animation', ['bootAnim'], 'exact'],
  ['anim', ['bootAnim'], 'exact'],
  ['animaton', ['bootAnim']],
  ['boot animaton', ['bootAnim'], 'exact'],
  ['charging', ['charging', 'lowBattery'], 'exact'],
  ['chargng', ['charging']],
  ['battery', ['batteryBar', 'lowBattery', 'charging'], 'exact'],
  ['batery', ['batteryBar', 'lowBattery']],
  ['notification', ['notifPulse', 'notifCounter'], 'exact'],
  ['notifcation', ['notifPulse', 'notifCounter']],
  ['notif', ['notifPulse', 'notifCounter'], 'exact'],
  ['music', ['musicViz', 'equalizer'], 'exact'],
  ['musik', ['musicViz']],
  ['visualizer', ['musicViz'], 'exact'],
  ['equalizer', ['equalizer'], 'exact'],
  ['weather', ['weather'], 'exact'],
  ['rain', ['rainfall', 'weather'], 'exact'],
  ['compass', ['compass'], 'exact'],
  ['north', ['compass'], 'exact'],
  ['pomodoro', ['pomodoro'], 'exact'],
  ['timer', ['pomodoro', 'eggTimer'], 'exact'],
  ['album', ['spotify'], 'exact'],
  ['snake', ['snake'], 'exact'],
  ['snak', ['snake'], 'exact'],
  ['game', ['snake', 'pong'], 'exact'],
  ['retro', ['retroTetris', 'pong'], 'exact'],
  ['tetrs', ['retroTetris']],
  ['heartbeat', ['heartbeat'], 'exact'],
  ['heart', ['heartbeat'], 'exact'],
  ['breath', ['breathing'], 'exact'],
  ['spotify', ['spotify'], 'exact'],
  ['playing', ['spotify']],
  ['volume', ['volume'], 'exact'],
  ['call', ['callGlow'], 'exact'],
  ['firework', ['firework'], 'exact'],
  ['spiral', ['galaxy'], 'exact'],
  ['qr code', ['qrDisplay'], 'exact'],
  ['step counter', ['stepCounter'], 'exact'],
  ['counter', ['stepCounter', 'notifCounter'], 'exact'],
  ['neon', ['clockNeon', 'musicViz', 'bootAnim']],
  ['mira castell', ['musicViz', 'bootAnim', 'snake']],
  ['dotmaker', ['pomodoro', 'spotify', 'pong']],
  ['dotmakr', ['pomodoro', 'spotify', 'pong']],
  ['kitchen', ['eggTimer'], 'exact'],
  ['deleted', [], 'exact'],
  ['zebra', [], 'exact'],
];

beforeAll(async () => {
  t = await buildTestApp();
  const creators: Record<Entry['creator'], TestUser> = {
    neon: await createUser(t.app, { username: 'neon_forge', name: 'Mira Castell' }),
    dot: await createUser(t.app, { username: 'dotmaker', name: 'Jonas Berg' }),
    quiet: await createUser(t.app, { username: 'quiet_lab', name: 'Sana Okafor' }),
  };
  let day = 0;
  for (const [key, entry] of Object.entries(CATALOGUE)) {
    day += 1;
    const row = await insertGlyph(t.database, creators[entry.creator].id, {
      title: entry.title,
      description: entry.description,
      downloads: entry.downloads,
      likes: entry.likes,
      createdAt: new Date(Date.UTC(2026, 0, day)),
      ...(entry.deleted ? { deletedAt: new Date(Date.UTC(2026, 1, 1)) } : {}),
    });
    ids[key] = row.id;
    keyOf.set(row.id, key);
  }
});

afterAll(async () => {
  await t.close();
});

describe('search relevance on a fixed catalogue (issue 20)', () => {
  it('has fifty distinct searches', () => {
    expect(new Set(CASES.map(([term]) => term)).size).toBeGreaterThanOrEqual(50);
  });

  it.each(CASES)('%j starts with %j', async (term, expected, exact) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/get-glyphs', query: { search: term, limit: '100' } });
    expect(response.statusCode, response.body).toBe(200);
    const keys = json<{ glyphs: Glyph[] }>(response).glyphs.map((glyph) => keyOf.get(glyph.id) ?? glyph.id);
    if (exact) expect(keys).toEqual(expected);
    else expect(keys.slice(0, expected.length)).toEqual(expected);
    expect(keys).not.toContain('deletedClock');
  });
});
