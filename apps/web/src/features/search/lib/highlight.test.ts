import { describe, expect, it } from 'vitest';
import { highlightParts, isMatchingWord, searchWords } from './highlight.ts';

const marked = (text: string, term: string) =>
  highlightParts(text, term)
    .filter((p) => p.match)
    .map((p) => p.text);

describe('search highlighting', () => {
  it('splits a term like the server does', () => {
    expect(searchWords('  Boot  animation, boot %_ "x"')).toEqual(['boot', 'animation', 'x']);
    expect(searchWords('%_\'"')).toEqual([]);
  });

  it.each([
    ['Charging Meter', 'chargng', ['Charging']],
    ['Notification Pulse', 'notifcation', ['Notification']],
    ['Boot animation', 'boot animaton', ['Boot', 'animation']],
    ['Boot animation', 'anim', ['animation']],
    ['Retro animation', 'animations', ['animation']],
    ['A calm charging ring', 'CHARGING', ['charging']],
  ])('marks the words of %j that match %j', (text, term, expected) => {
    expect(marked(text, term)).toEqual(expected);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'Boot <b>animation</b> & "quotes" 100%';
    expect(highlightParts(text, 'animation quotes').map((p) => p.text).join('')).toBe(text);
  });

  it('does not mark unrelated or very short words', () => {
    expect(marked('A ring for the night', 'boot')).toEqual([]);
    expect(isMatchingWord('at', ['a'])).toBe(false);
    expect(isMatchingWord('cat', ['car'])).toBe(false);
  });

  it('returns the whole text unmarked for a term without words', () => {
    expect(highlightParts('Boot animation', '%%')).toEqual([{ text: 'Boot animation', match: false }]);
  });
});
