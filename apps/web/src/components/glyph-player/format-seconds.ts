// Apart from timeline.ts: the player's texts need it at once, the timeline only with the animation.

/** Seconds with one decimal: 1450 → '1.5 s'. */
export function formatSeconds(ms: number): string {
  return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
}
