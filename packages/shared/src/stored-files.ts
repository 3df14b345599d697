import type { FileType } from './constants.ts';

/**
 * Stored-file identity (issue 22): the one builder and parser of `/api/files/<type>/<name>` URLs and of
 * the stored names the product generates. The server's files module owns storage and answers for these
 * files; glyph, profile and release code, and the web client, ask here instead of matching paths themselves.
 */

/** Where stored files are served from. */
export const STORED_FILES_PATH = '/api/files/';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** What a stored name is within its upload: the file itself or one of the variants made from it. */
export type StoredPart = 'main' | 'thumbnail' | 'poster' | 'preview';

// Images: `<id>.webp` and its thumbnail `<id>-thumb.webp`. APKs: `<id>.apk`. Animations (issue 16): the
// GLYA frames `<id>.glya`, a still poster and, when it does not flash, an animated preview.
const NAME_PATTERNS: Record<FileType, { pattern: RegExp; parts: Record<string, StoredPart> }> = {
  images: { pattern: new RegExp(`^(${UUID})(\\.webp|-thumb\\.webp)$`), parts: { '.webp': 'main', '-thumb.webp': 'thumbnail' } },
  apks: { pattern: new RegExp(`^(${UUID})(\\.apk)$`), parts: { '.apk': 'main' } },
  animations: {
    pattern: new RegExp(`^(${UUID})(\\.glya|-poster\\.webp|-preview\\.gif)$`),
    parts: { '.glya': 'main', '-poster.webp': 'poster', '-preview.gif': 'preview' },
  },
};

/** One stored file named by type and stored name; `id` is the upload's id and `part` which of its files. */
export interface StoredFileRef {
  type: FileType;
  name: string;
  id: string;
  part: StoredPart;
  /** The stored name of the upload's main file (for a thumbnail or poster, the file it belongs to). */
  mainName: string;
}

const MAIN_SUFFIX: Record<FileType, string> = { images: '.webp', apks: '.apk', animations: '.glya' };

/** Parses a stored name of a folder. @returns null for anything the product does not generate. */
export function parseStoredName(type: string, name: string): StoredFileRef | null {
  // Own keys only: a hostile folder such as `__proto__` must not reach the prototype.
  const spec = Object.hasOwn(NAME_PATTERNS, type) ? NAME_PATTERNS[type as FileType] : undefined;
  const match = spec?.pattern.exec(name);
  if (!spec || !match) return null;
  const id = match[1]!;
  const fileType = type as FileType;
  return { type: fileType, name, id, part: spec.parts[match[2]!]!, mainName: `${id}${MAIN_SUFFIX[fileType]}` };
}

/** True when `name` is a stored name this product generates for `type` (checked before touching storage). */
export function isStoredName(type: string, name: string): type is FileType {
  return parseStoredName(type, name) !== null;
}

/** The public URL of a stored name: `/api/files/<type>/<name>`. */
export function storedFileUrl(type: FileType, name: string): string {
  return `${STORED_FILES_PATH}${type}/${name}`;
}

/** Parses a relative stored-file URL (`/api/files/<type>/<name>`). @returns null for any other URL. */
export function parseStoredFileUrl(url: string): StoredFileRef | null {
  if (!url.startsWith(STORED_FILES_PATH)) return null;
  const rest = url.slice(STORED_FILES_PATH.length);
  const slash = rest.indexOf('/');
  if (slash === -1) return null;
  return parseStoredName(rest.slice(0, slash), rest.slice(slash + 1));
}

/** The main file of one type behind a URL (an uploaded image, APK or animation), or null. */
export function parseMainFileUrl(url: string, type: FileType): StoredFileRef | null {
  const ref = parseStoredFileUrl(url);
  return ref && ref.type === type && ref.part === 'main' ? ref : null;
}

/** The stored names of an animation upload with this id (the preview exists only when rendered). */
export function animationNames(id: string): { filename: string; poster: string; preview: string } {
  return { filename: `${id}.glya`, poster: `${id}-poster.webp`, preview: `${id}-preview.gif` };
}

/** The thumbnail URL of an uploaded image's URL; null for anything else (external images have none). */
export function imageThumbnailUrl(imageUrl: string): string | null {
  const ref = parseMainFileUrl(imageUrl, 'images');
  return ref ? storedFileUrl('images', `${ref.id}-thumb.webp`) : null;
}
