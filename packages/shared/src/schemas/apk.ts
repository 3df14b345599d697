import '../zod.ts';
import { z } from 'zod';
import { GLYPH_DEVICES } from '../apk/devices.ts';

// Issue 15: the APK report ("Inside this APK"), shared by the server (response schemas) and the web app.

// The phones live in a zod-free module: device badges render on every page, zod loads only with forms.
export { GLYPH_DEVICES, GLYPH_DEVICE_LABELS, type GlyphDevice } from '../apk/devices.ts';

/** The signing schemes the analyser reads: v1 (JAR, PKCS#7) and the APK Signing Block v2/v3. */
export const APK_SIGNATURE_SCHEMES = ['v1', 'v2', 'v3'] as const;
export const APK_SIGNATURE_STATUSES = ['verified', 'unsigned', 'invalid'] as const;
export type ApkSignatureStatus = (typeof APK_SIGNATURE_STATUSES)[number];

/** The intent action and meta-data names of the Glyph Matrix Developer Kit (DESIGN §6). */
export const GLYPH_TOY_ACTION = 'com.nothing.glyph.TOY';
export const GLYPH_ENABLE_PERMISSION = 'com.nothing.ketchum.permission.ENABLE';

export const ApkToySchema = z.object({
  /** The service's class name (what Android registers). */
  service: z.string(),
  name: z.string(),
  summary: z.string().nullable(),
  longpress: z.boolean(),
  aodSupport: z.boolean(),
  /** The extracted preview drawable, re-encoded and served as an image; null when it is not a raster image. */
  imageUrl: z.string().nullable(),
});
export type ApkToy = z.infer<typeof ApkToySchema>;

export const ApkSignerSchema = z.object({
  /** SHA-256 of the DER certificate, 64 lowercase hex digits. */
  sha256: z.string(),
  subject: z.string(),
  scheme: z.enum(APK_SIGNATURE_SCHEMES),
});
export type ApkSigner = z.infer<typeof ApkSignerSchema>;

export const ApkReportSchema = z.object({
  packageName: z.string(),
  versionName: z.string().nullable(),
  versionCode: z.number().int().nullable(),
  minSdk: z.number().int().nullable(),
  targetSdk: z.number().int().nullable(),
  permissions: z.array(z.string()),
  /**
   * The last API level a permission is requested on (`<uses-permission android:maxSdkVersion>`), by name;
   * permissions without one are absent. Optional: reports stored before it was read lack it.
   */
  permissionMaxSdk: z.record(z.string(), z.number().int()).optional(),
  requestsGlyphPermission: z.boolean(),
  toys: z.array(ApkToySchema),
  isGlyphToy: z.boolean(),
  devices: z.array(z.enum(GLYPH_DEVICES)),
  signers: z.array(ApkSignerSchema),
  signatureStatus: z.enum(APK_SIGNATURE_STATUSES),
  /** Why the signature is not verified (null when verified or unsigned). */
  signatureProblem: z.string().nullable(),
  /** Why the APK is not a Glyph Toy (null when it is): told to the creator at upload time. */
  notToyReason: z.string().nullable(),
  size: z.number().int(),
  sha256: z.string(),
});
export type ApkReport = z.infer<typeof ApkReportSchema>;
