/**
 * The player's engine: the GLYA decoder, the painter and the frame clock (~1.5 KB gzip). No player
 * draws anything but its poster (or the unlit matrix) until its animation has arrived, so the engine
 * is fetched with the animation, in parallel (load-animation.ts), not with the page.
 */
export { decodeAnimation } from '@glyphary/shared';
export { MatrixPainter } from './painter.ts';
export { addTicker } from './scheduler.ts';
export { advance, createTimeline, frameAt, posterFrame } from './timeline.ts';
export { resampleAnimation } from '@glyphary/shared';
