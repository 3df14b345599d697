import { GLYPH_CATEGORIES, type GlyphCategory } from '@glyphary/shared';
import type { Rng } from './prng.ts';

/** Word lists for plausible Glyph Toy titles; "boot" and "animation" are here so search has hits. */
const SUBJECTS = [
  'Boot',
  'Battery',
  'Clock',
  'Pulse',
  'Orbit',
  'Rain',
  'Heartbeat',
  'Comet',
  'Tide',
  'Pixel',
  'Ripple',
  'Spiral',
  'Equalizer',
  'Compass',
  'Radar',
  'Snowfall',
  'Firefly',
  'Aurora',
  'Metronome',
  'Dice',
  'Breath',
  'Eclipse',
  'Signal',
  'Notification',
  'Timer',
  'Sunrise',
  'Matrix',
  'Wave',
  'Lantern',
  'Galaxy',
] as const;
const STYLES = [
  'Animation',
  'Ring',
  'Sweep',
  'Glow',
  'Countdown',
  'Meter',
  'Loop',
  'Burst',
  'Trail',
  'Bloom',
  'Scanner',
  'Flicker',
  'Dots',
  'Fade',
  'Bounce',
  'Cascade',
  'Mosaic',
  'Drift',
  'Beacon',
  'Shimmer',
] as const;
const ADJECTIVES = ['Minimal', 'Neon', 'Retro', 'Calm', 'Hyper', 'Soft', 'Lunar', 'Tiny', 'Night', 'Mono'] as const;
const VERBS = ['draws', 'animates', 'shows', 'plays', 'lights up', 'sweeps'] as const;
const TRIGGERS = [
  'while the phone boots',
  'when a notification arrives',
  'as the battery charges',
  'every minute on the minute',
  'when you flip the phone face down',
  'while music is playing',
  'during a call',
  'when the timer ends',
] as const;
const DETAILS = [
  'Brightness follows the system setting.',
  'Works on the 25×25 round matrix of the Phone (3).',
  'The pattern is drawn at 30 frames per second and sleeps when the screen is on.',
  'Long-press the Glyph button to cycle through three speeds.',
  'Uses under 1% battery per hour in my tests.',
  'Source and build steps are on GitHub.',
] as const;
const FIRST = [
  'nova',
  'pixel',
  'lumen',
  'dot',
  'glyph',
  'arc',
  'echo',
  'byte',
  'flux',
  'orbit',
  'quartz',
  'mono',
  'volt',
  'ember',
  'haze',
] as const;
const SECOND = ['smith', 'lab', 'works', 'craft', 'makes', 'studio', 'dev', 'forge', 'kid', 'cat', 'fox', 'owl'] as const;
const NAMES = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Femi',
  'Gus',
  'Hana',
  'Ines',
  'Jonas',
  'Kai',
  'Lena',
  'Mo',
  'Nia',
  'Omar',
  'Pia',
  'Rui',
  'Sana',
  'Tom',
  'Uma',
] as const;
const TAGS = [
  'clock',
  'battery',
  'music',
  'notification',
  'game',
  'timer',
  'weather',
  'animation',
  'boot',
  'minimal',
  'fitness',
  'calendar',
] as const;

/** A title such as "Neon Boot Animation". */
export function makeTitle(rng: Rng): string {
  const base = `${rng.pick(SUBJECTS)} ${rng.pick(STYLES)}`;
  return rng.chance(0.4) ? `${rng.pick(ADJECTIVES)} ${base}` : base;
}

/** A two-to-four sentence description mentioning the title. */
export function makeDescription(rng: Rng, title: string): string {
  const parts = [
    `${title} ${rng.pick(VERBS)} a ${rng.pick(['soft', 'bright', 'smooth', 'crisp'])} pattern on the Glyph Matrix ${rng.pick(TRIGGERS)}.`,
  ];
  const extra = rng.int(1, 3);
  for (let i = 0; i < extra; i += 1) parts.push(rng.pick(DETAILS));
  return parts.join(' ');
}

/** Install instructions in the shape uploaders write them. */
export function makeInstructions(rng: Rng): string {
  return [
    '1. Download the APK and install it (allow installs from this source).',
    '2. Open Glyph Toys in Settings → Glyph Interface and enable it.',
    rng.chance(0.5) ? '3. Press the Glyph button to switch to it.' : '3. Pick it as the active toy and long-press to configure.',
  ].join('\n');
}

/** A username (3–30 of [A-Za-z0-9_]) unique by construction thanks to the numeric suffix. */
export function makeUsername(rng: Rng, index: number): string {
  return `${rng.pick(FIRST)}${rng.pick(SECOND)}${index}`;
}

/** A display name. */
export function makeDisplayName(rng: Rng): string {
  return `${rng.pick(NAMES)} ${rng.pick(['Park', 'Okafor', 'Silva', 'Nakamura', 'Berg', 'Haddad', 'Novak', 'Reyes', 'Kim', 'Larsen'])}`;
}

/** A short bio. */
export function makeBio(rng: Rng): string {
  return rng.pick([
    'I make tiny light shows for the Glyph Matrix.',
    'Android dev by day, LED tinkerer by night.',
    'Clocks, meters and other useful toys.',
    'Pixel art on 625 dots.',
    '',
  ]);
}

/** A request title and description. */
export function makeRequest(rng: Rng): { title: string; description: string; tags: string[] } {
  const subject = rng.pick(SUBJECTS);
  const title =
    `${subject} ${rng.pick(['toy', 'animation', 'indicator', 'meter', 'game'])} ${rng.pick(['please', 'request', 'idea', 'for Phone (3)', ''])}`.trim();
  const description = `Could someone build a ${subject.toLowerCase()} toy that ${rng.pick(VERBS)} ${rng.pick(TRIGGERS)}? ${rng.pick(DETAILS)}`;
  const tags = [...new Set([rng.pick(TAGS), rng.pick(TAGS)])];
  return { title, description, tags };
}

/**
 * Distinct search terms a visitor might type: catalogue words and two-word phrases, every third one
 * with a letter dropped (a typo). For the "varied search" benchmark, where repeats are rare enough
 * that most queries miss the 1 s read cache.
 */
export function searchTerms(rng: Rng, count: number): string[] {
  const words = [...SUBJECTS, ...STYLES, ...ADJECTIVES].map((word) => word.toLowerCase());
  const terms = new Set<string>();
  while (terms.size < count) {
    let term = rng.chance(0.5) ? rng.pick(words) : `${rng.pick(words)} ${rng.pick(words)}`;
    if (terms.size % 3 === 2 && term.length > 4) {
      const at = rng.int(1, term.length - 2);
      term = term.slice(0, at) + term.slice(at + 1);
    }
    terms.add(term);
  }
  return [...terms];
}

/** The category a title's subject belongs to (GLYPH_CATEGORIES), so Browse's category filters find toys. */
const CATEGORY_OF: Record<(typeof SUBJECTS)[number], GlyphCategory> = {
  Boot: 'art',
  Battery: 'battery',
  Clock: 'clock',
  Pulse: 'music',
  Orbit: 'art',
  Rain: 'utilities',
  Heartbeat: 'faces',
  Comet: 'art',
  Tide: 'utilities',
  Pixel: 'games',
  Ripple: 'art',
  Spiral: 'art',
  Equalizer: 'music',
  Compass: 'utilities',
  Radar: 'games',
  Snowfall: 'utilities',
  Firefly: 'art',
  Aurora: 'art',
  Metronome: 'music',
  Dice: 'games',
  Breath: 'utilities',
  Eclipse: 'camera',
  Signal: 'notifications',
  Notification: 'notifications',
  Timer: 'clock',
  Sunrise: 'clock',
  Matrix: 'faces',
  Wave: 'music',
  Lantern: 'camera',
  Galaxy: 'art',
};
const FREE_TAGS = ['minimal', 'animated', 'always-on', 'interactive', 'retro', 'night', 'colourful', 'calm'] as const;

/**
 * A glyph's tags as a creator would pick them: the category of its subject (a few toys get a second
 * one) and up to two free tags, lower-case like the upload form stores them.
 */
export function tagsFor(rng: Rng, title: string): string[] {
  const subject = SUBJECTS.find((word) => title.includes(word));
  const tags: string[] = [subject ? CATEGORY_OF[subject] : rng.pick(GLYPH_CATEGORIES)];
  if (rng.chance(0.2)) tags.push(rng.pick(GLYPH_CATEGORIES));
  const free = rng.int(0, 2);
  for (let i = 0; i < free; i += 1) tags.push(rng.pick(FREE_TAGS));
  return [...new Set(tags)];
}
