import '../zod.ts';
import { z } from 'zod';
import { IMPORT_ADJUST_MAX, IMPORT_ADJUST_MIN, IMPORT_SPEED_MAX, IMPORT_SPEED_MIN } from '../animation-limits.ts';
import { GLYPH_MSG } from '../messages/glyphs.ts';

/**
 * Issue 16: the animation API contract shared by the server and the web (import UI, player).
 *
 * `POST /api/upload-file` with `type=animations` takes one file (the Glyph Matrix Developer Kit's JSON,
 * an animated GIF, animated WebP, APNG, or a still PNG/JPEG/WebP) plus the import controls below as
 * multipart fields, and answers `UploadedAnimation`. Its `url` serves the frames in the GLYA wire
 * format (`glyph-matrix/index.ts`), immutable; `thumbnail` is the still poster (WebP).
 */

/** What the import found: matrix size, length and the photosensitivity check (WCAG 2.3.1). */
export const AnimationSummarySchema = z.object({
  /** 25 (Phone (3)) or 13 (Phone (4a) Pro); width === height. */
  width: z.number().int(),
  height: z.number().int(),
  frameCount: z.number().int(),
  durationMs: z.number().int(),
  /** True when more than 3 general flashes fall in some one-second window. */
  flashing: z.boolean(),
  /** Start in ms of the first one-second window that fails, or null when none does. */
  flashAtMs: z.number().int().nullable(),
});
export type AnimationSummary = z.infer<typeof AnimationSummarySchema>;

/** The answer of `POST /api/upload-file` with `type=animations`. */
export const UploadedAnimationSchema = z.object({
  /** `GET` answers the frames in the GLYA wire format; pass it as `animationUrl` to upload-glyph / update-glyph. */
  url: z.string(),
  /** The still poster (WebP) of the animation. */
  thumbnail: z.string(),
  filename: z.string(),
  type: z.literal('animations'),
  /** Bytes of the stored GLYA file and its SHA-256. */
  size: z.number().int(),
  sha256: z.string(),
  animation: AnimationSummarySchema,
});
export type UploadedAnimation = z.infer<typeof UploadedAnimationSchema>;

/** A glyph's animation as every glyph answer (get-glyph, lists, search) carries it; null when none. */
export const GlyphAnimationSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  frameCount: z.number().int(),
  durationMs: z.number().int(),
  flashing: z.boolean(),
  /** `GET` answers the frames in the GLYA wire format (application/octet-stream, immutable). */
  url: z.string(),
  /** The still poster (WebP): the round matrix of lit LEDs on black. */
  posterUrl: z.string(),
});
export type GlyphAnimationInfo = z.infer<typeof GlyphAnimationSchema>;


const adjust = (message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return 0;
      const n = Number(v);
      if (!Number.isInteger(n) || n < IMPORT_ADJUST_MIN || n > IMPORT_ADJUST_MAX) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/**
 * The import controls, sent as multipart text fields next to the file of an animation upload.
 * `size` picks the matrix for images (kit JSON carries its own size); `brightness` and `contrast`
 * (-100..100) and `invert` adjust the resampled luminance; `speed` (0.25..4) divides every frame's
 * duration (2 = twice as fast). Kit JSON takes brightness/contrast/invert/speed too.
 */
export const AnimationImportFieldsSchema = z.object({
  size: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return 25 as const;
      if (v === '25') return 25 as const;
      if (v === '13') return 13 as const;
      ctx.addIssue({ code: 'custom', message: GLYPH_MSG.animationSizeInvalid });
      return z.NEVER;
    }),
  brightness: adjust(GLYPH_MSG.animationBrightnessInvalid),
  contrast: adjust(GLYPH_MSG.animationContrastInvalid),
  invert: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === 'false') return false;
      if (v === 'true') return true;
      ctx.addIssue({ code: 'custom', message: GLYPH_MSG.animationInvertInvalid });
      return z.NEVER;
    }),
  speed: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return 1;
      const n = Number(v);
      if (!Number.isFinite(n) || n < IMPORT_SPEED_MIN || n > IMPORT_SPEED_MAX) {
        ctx.addIssue({ code: 'custom', message: GLYPH_MSG.animationSpeedInvalid });
        return z.NEVER;
      }
      return n;
    }),
});
/** The multipart field values as the client sends them (all strings). */
export type AnimationImportFieldsInput = z.input<typeof AnimationImportFieldsSchema>;
/** The parsed controls. */
export type AnimationImportOptions = z.output<typeof AnimationImportFieldsSchema>;
