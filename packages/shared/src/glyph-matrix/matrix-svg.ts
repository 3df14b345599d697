import { ledCells, type MatrixSize } from './index.ts';
import { MATRIX_LED_RADIUS, MATRIX_UNLIT_COLOUR } from './look.ts';

/**
 * The round matrix as an SVG: one dot per LED on a size×size grid of cells (the player places it half
 * a cell inside its disc, so the rim LEDs are whole). Two units per cell keep every centre an integer.
 * Each dot is a zero-length line with a round cap (a few bytes per LED instead of a `<circle>`).
 * The web player (apps/web/src/components/glyph-player) uses it as the stage's background where no poster
 * shows the unlit matrix (painted once, crisp at any pixel ratio, already in the pre-rendered HTML). Its LED
 * mask is a per-cell gradient instead: an image mask would compete with the poster as the largest paint.
 * `scripts/matrix-svg.ts` writes its `matrix-25.svg` and `matrix-13.svg` from this.
 */
export function matrixSvg(size: MatrixSize): string {
  const side = size * 2;
  const dots = ledCells(size)
    .map((cell) => `M${(cell % size) * 2 + 1} ${Math.floor(cell / size) * 2 + 1}h0`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}">` +
    `<path d="${dots}" stroke="${MATRIX_UNLIT_COLOUR}" stroke-width="${MATRIX_LED_RADIUS * 4}" stroke-linecap="round"/></svg>\n`
  );
}
