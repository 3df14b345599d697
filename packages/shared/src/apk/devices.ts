/** The phones a Glyph Toy can run on (DESIGN §6): Phone (3) runs every toy, Phone (4a) Pro only AOD toys. */
export const GLYPH_DEVICES = ['phone-3', 'phone-4a-pro'] as const;
export type GlyphDevice = (typeof GLYPH_DEVICES)[number];
export const GLYPH_DEVICE_LABELS: Record<GlyphDevice, string> = { 'phone-3': 'Phone (3)', 'phone-4a-pro': 'Phone (4a) Pro' };
