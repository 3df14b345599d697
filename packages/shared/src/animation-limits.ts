/**
 * Issue 16: the limits of the animation import controls, in a module of their own without zod.
 * The web imports only these (and types) from the animation contract; building the zod schemas in
 * the browser makes zod probe `Function('')` for its fast path, which the CSP (no 'unsafe-eval')
 * reports as a violation on every page.
 */
export const IMPORT_SIZES = [25, 13] as const;
export const IMPORT_ADJUST_MIN = -100;
export const IMPORT_ADJUST_MAX = 100;
export const IMPORT_SPEED_MIN = 0.25;
export const IMPORT_SPEED_MAX = 4;
