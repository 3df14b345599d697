export { GlyphPlayer, PLAYER_TEXT, PLAYER_SPEEDS, type GlyphPlayerProps, type GlyphPlayerVariant } from './glyph-player.tsx';
export { loadAnimation } from './load-animation.ts';
