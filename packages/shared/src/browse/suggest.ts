import { GLYPH_CATEGORIES, type GlyphCategory } from './index.ts';

/**
 * Words that point to a category (issue 48), matched against the APK's toy names and summaries. A
 * plain keyword map: a suggestion the creator confirms, never a tag set on their behalf.
 */
const KEYWORDS: Record<GlyphCategory, readonly string[]> = {
  clock: ['clock', 'time', 'timer', 'watch', 'alarm', 'hour', 'minute', 'countdown', 'stopwatch', 'pomodoro', 'calendar', 'date'],
  battery: ['battery', 'charge', 'charging', 'charger', 'power'],
  notifications: ['notification', 'notify', 'message', 'sms', 'call', 'alert', 'inbox', 'unread', 'mail', 'email'],
  music: ['music', 'audio', 'sound', 'song', 'beat', 'equalizer', 'visualizer', 'visualiser', 'spotify', 'rhythm', 'volume', 'media'],
  camera: ['camera', 'photo', 'selfie', 'shutter', 'lens', 'recording'],
  games: ['game', 'snake', 'tetris', 'pong', 'dice', 'puzzle', 'arcade', 'score', 'maze', 'breakout'],
  faces: ['face', 'emoji', 'smile', 'smiley', 'eye', 'mood', 'pet', 'wink', 'expression'],
  utilities: ['compass', 'level', 'weather', 'step', 'counter', 'torch', 'flashlight', 'utility', 'tool', 'qr', 'spirit', 'meter', 'sensor'],
  art: ['art', 'pattern', 'ripple', 'wave', 'animation', 'draw', 'pixel', 'rain', 'fire', 'star', 'particle', 'kaleidoscope', 'ring', 'rings'],
};

const WORD = /[a-z]+/g;

/** The word as the map lists it: lower case, a plural 's' dropped ('Rings' → 'ring'). */
function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * Up to three categories the texts suggest, in the catalogue's order, those with the most matching words
 * first. `texts`: the toys' names and summaries.
 */
export function suggestCategories(texts: readonly string[], max = 3): GlyphCategory[] {
  const words = new Set(texts.flatMap((text) => (text.toLowerCase().match(WORD) ?? []).flatMap((word) => [word, stem(word)])));
  const scored = GLYPH_CATEGORIES.map((category) => ({ category, hits: KEYWORDS[category].filter((keyword) => words.has(keyword)).length }))
    .filter((entry) => entry.hits > 0)
    .sort((a, b) => b.hits - a.hits || GLYPH_CATEGORIES.indexOf(a.category) - GLYPH_CATEGORIES.indexOf(b.category));
  return scored.slice(0, max).map((entry) => entry.category);
}
