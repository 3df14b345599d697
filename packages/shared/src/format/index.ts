import { COMMON_MSG } from '../messages/common.ts';

// Counts and days are formatted without Intl on the pages' paths: `n.toLocaleString('en-US')` builds an ICU
// formatter per call (~0.06 ms; a day ~0.3 ms), and even one cached Intl.NumberFormat costs ~16 ms of ICU
// set-up on its first use in a browser, inside the hydration of the first card grid. en-US
// grouping of an integer is plain: groups of three digits joined by ','. Tests compare both with Intl.
const MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';
/** A count (a whole number) for people, with thousands separators: 12345 → '12,345' (en-US, as everywhere in the spec). */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Chooses singular or plural: `pluralize(1, 'download')` → '1 download', otherwise 'n downloads'. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** Cuts `text` to `max` characters, adding '...' when it was longer (spec §9 previews). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** spec §9: title lowercased with non-alphanumerics replaced by underscores, plus .apk. */
export function apkFileName(title: string): string {
  const base = title.toLowerCase().replace(/[^a-z0-9]/g, '_');
  return `${base.length > 0 ? base : 'glyph'}.apk`;
}

/** spec §4: the status uppercased with underscore as space ('in_progress' → 'IN PROGRESS'). */
export function statusLabel(status: string): string {
  return status.toUpperCase().replace(/_/g, ' ');
}

/**
 * Formats a timestamp for display, or 'Unknown date' when it is missing or invalid (spec §8). The
 * day is the UTC day (issue 17): the server pre-renders the page and the browser must render the
 * same text whatever its time zone, or React throws the pre-rendered page away.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return COMMON_MSG.unknownDate;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return COMMON_MSG.unknownDate;
  // What toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }) gives.
  return `${MONTHS.slice(date.getUTCMonth() * 3, date.getUTCMonth() * 3 + 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}


/** Formats a byte count for people: 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** Android releases by API level (Build.VERSION_CODES); old levels matter for a permission's maxSdkVersion. */
const ANDROID_BY_SDK: Readonly<Record<number, string>> = {
  1: '1.0', 2: '1.1', 3: '1.5', 4: '1.6', 5: '2.0', 6: '2.0.1', 7: '2.1', 8: '2.2', 9: '2.3', 10: '2.3.3',
  11: '3.0', 12: '3.1', 13: '3.2', 14: '4.0', 15: '4.0.3', 16: '4.1', 17: '4.2', 18: '4.3', 19: '4.4', 20: '4.4W',
  21: '5.0', 22: '5.1', 23: '6.0', 24: '7.0', 25: '7.1', 26: '8', 27: '8.1', 28: '9', 29: '10', 30: '11',
  31: '12', 32: '12L', 33: '13', 34: '14', 35: '15', 36: '16',
};

/** 'Android 14+' for minSdk 34; null when the APK names no minimum or one this table does not know. */
export function androidVersionLabel(minSdk: number | null): string | null {
  if (minSdk === null) return null;
  const version = ANDROID_BY_SDK[minSdk];
  return version ? `Android ${version}+` : null;
}

/** 'up to Android 9' for a permission's maxSdkVersion 28; the API level when this table does not know it. */
export function androidUpToLabel(maxSdk: number): string {
  const version = ANDROID_BY_SDK[maxSdk];
  return version ? `up to Android ${version}` : `up to API level ${maxSdk}`;
}

/** The signer's name from a certificate subject (`CN=Jane Doe, O=Example` → 'Jane Doe'); the whole subject when it has no CN. */
export function signerName(subject: string): string {
  const match = /(?:^|,\s*)CN=((?:\\.|[^,\\])*)/.exec(subject);
  return match?.[1] ? match[1].replace(/\\(.)/g, '$1').trim() : subject;
}
