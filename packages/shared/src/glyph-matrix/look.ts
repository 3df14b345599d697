// How an LED looks, in a module that imports nothing: the web player's first render needs the radius,
// and importing it from matrix-svg.ts would bring the whole wire format (index.ts) with it, which the
// browser needs only with an animation (apps/web/src/components/glyph-player/engine.ts).

/** The unlit LED colour: a dark grey dot on the black disc, as the phone's matrix looks switched off. */
export const MATRIX_UNLIT_COLOUR = '#1c1c1c';
/** LED radius as a share of a cell: the phone's LEDs are round with dark gaps between them. */
export const MATRIX_LED_RADIUS = 0.36;
