/**
 * `npx node scripts/matrix-svg.ts`: writes the player's round-matrix pictures (issue 16),
 * apps/web/src/components/glyph-player/matrix-{25,13}.svg, from the shared LED mask. Deterministic;
 * a web test fails when the committed files drift from the mask.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MATRIX_SIZES, matrixSvg } from '@glyphary/shared';

const dir = path.resolve(import.meta.dirname, '../apps/web/src/components/glyph-player');
for (const size of MATRIX_SIZES) {
  const file = path.join(dir, `matrix-${size}.svg`);
  fs.writeFileSync(file, matrixSvg(size));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
