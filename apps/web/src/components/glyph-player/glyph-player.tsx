import { GlyphPlayerCore, type GlyphPlayerProps } from './player-core.tsx';
import { PlayerControls } from './player-controls.tsx';

export { PLAYER_TEXT, type GlyphPlayerProps, type GlyphPlayerVariant } from './player-core.tsx';
export { PLAYER_SPEEDS } from './player-controls.tsx';

/**
 * The Glyph Matrix player with its controls (the 'full' variant: glyph page, previews). Cards and the
 * hero use `GlyphPlayerCore` (player-core.tsx), which leaves the controls' code out of their pages.
 */
export function GlyphPlayer(props: GlyphPlayerProps) {
  return <GlyphPlayerCore {...props} controls={PlayerControls} />;
}
