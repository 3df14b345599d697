import '../zod.ts';
import { z } from 'zod';
import { GLYPH_DEVICES } from '../apk/devices.ts';
import { ANTI_FEATURES } from '../apk/code-words.ts';

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

/** Kinds of SDK the code findings name (F-Droid's `Tracking` and `Ads` anti-features follow from them). */
export const TRACKER_CATEGORIES = ['advertising', 'analytics', 'crash-reporting', 'attribution'] as const;
export type TrackerCategory = (typeof TRACKER_CATEGORIES)[number];
/** Ways code can load or run code the APK does not show. */
export const DYNAMIC_CODE_KINDS = [
  'dex-class-loader',
  'in-memory-dex-class-loader',
  'path-class-loader',
  'runtime-exec',
  'hidden-api-reflection',
] as const;
/** Sensitive abilities, each looked for in the manifest (permissions, bound services) and in the code. */
export const SENSITIVE_KINDS = ['sms', 'contacts', 'location', 'accessibility', 'overlay', 'device-admin', 'notification-listener'] as const;
export type SensitiveKind = (typeof SENSITIVE_KINDS)[number];

export const ApkNetworkSchema = z.object({
  /** The manifest asks for android.permission.INTERNET. */
  internet: z.boolean(),
  /** Network classes and methods the code references (java.net.Socket, okhttp3, …), at most 5. */
  code: z.array(z.string()),
});
export type ApkNetwork = z.infer<typeof ApkNetworkSchema>;

export const ApkSensitiveSchema = z.object({
  kind: z.enum(SENSITIVE_KINDS),
  /** What the manifest asks for (permission names, bound services), at most 5. */
  manifest: z.array(z.string()),
  /** What the code references (classes, methods), at most 5. */
  code: z.array(z.string()),
  /** Both the manifest and the code show it (one without the other is told apart in plain words). */
  agree: z.boolean(),
});
export type ApkSensitive = z.infer<typeof ApkSensitiveSchema>;

/** What the APK's code (classes*.dex and lib/) references. */
export const ApkCodeSchema = z.object({
  /** The classes*.dex files read. */
  dexFiles: z.number().int(),
  /** Known SDKs matched by package prefix, with the referenced packages as evidence. */
  trackers: z.array(z.object({ name: z.string(), category: z.enum(TRACKER_CATEGORIES), evidence: z.array(z.string()) })),
  /** ABIs with native libraries under lib/ (`arm64-v8a`, …), sorted. */
  nativeCode: z.array(z.string()),
  /** Code loading or running other code, each with the method referenced. */
  dynamicCode: z.array(z.object({ kind: z.enum(DYNAMIC_CODE_KINDS), evidence: z.string() })),
  /** Dex files the reader refused (malformed or past its bounds), with why: their code is not in the findings. */
  unreadable: z.array(z.object({ file: z.string(), reason: z.string() })),
  /** Optional: reports read before the network and sensitive findings lack them (the admin re-analysis adds them). */
  network: ApkNetworkSchema.optional(),
  sensitive: z.array(ApkSensitiveSchema).optional(),
});
export type ApkCode = z.infer<typeof ApkCodeSchema>;

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
  /** Optional: reports stored before the code was read lack it. */
  code: ApkCodeSchema.optional(),
  /** F-Droid anti-features derived from the report when it was analysed (what search filters on); optional for older reports. */
  antiFeatures: z.array(z.enum(ANTI_FEATURES)).optional(),
  /** The analyser version that wrote the report (absent: the first); the admin re-analysis re-reads older ones. */
  analyser: z.number().int().optional(),
});
export type ApkReport = z.infer<typeof ApkReportSchema>;
