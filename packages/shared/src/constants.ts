/** Business constants and limits from spec §9, SECURITY.md "Input bounds" and DESIGN.md. */

export const PRODUCT_NAME = 'Glyphary';

// spec §9
export const HOME_PAGE_SIZE = 12;
export const STOREFRONT_LIMIT = 100;
export const OWN_GLYPHS_LIMIT = 100;
export const SEARCH_LIMIT = 100;
export const ADMIN_LIST_LIMIT = 1000;
export const PUBLIC_LIST_LIMIT_MAX = 100;
export const REQUESTS_PAGE_SIZE = 20;
export const MAX_IMAGES = 5;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MIN_USERNAME_LENGTH = 3;
export const MAX_USERNAME_LENGTH = 30;
export const REQUEST_PREVIEW_PUBLIC = 150;
export const REQUEST_PREVIEW_MINE = 100;
export const COMPLETE_MENU_TITLE_LENGTH = 30;
export const TOP_GLYPHS_COUNT = 5;
export const SYNC_INTERVAL_MS = 60 * 60 * 1000;
export const CARD_STAGGER_SECONDS = 0.1;
export const CARD_STAGGER_MAX_ITEMS = 12;

// SECURITY.md "Input bounds"
export const MAX_TITLE = 100;
export const MAX_DESCRIPTION = 5000;
export const MAX_INSTRUCTIONS = 10000;
export const MAX_BIO = 500;
export const MAX_DISPLAY_NAME = 50;
export const MAX_LOCATION = 100;
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 30;
export const MAX_URL_LENGTH = 2048;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

// 'updated' (issue 18): 'Recently updated', newest release or edit first.
export const GLYPH_SORTS = ['latest', 'popular', 'liked', 'viewed', 'updated'] as const;
export type GlyphSort = (typeof GLYPH_SORTS)[number];
/** Search adds relevance ranking ("Best match") to the spec's sorts. */
export const SEARCH_SORTS = ['relevance', ...GLYPH_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const STOREFRONT_SORTS = ['latest', 'downloads', 'likes'] as const;
export type StorefrontSort = (typeof STOREFRONT_SORTS)[number];

export const REQUEST_STATUSES = ['open', 'in_progress', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/**
 * The request board's sorts: newest first, or most 'I want this too' votes (issue 19). Here, not in
 * community.ts: the page table, in every page's JavaScript, reads them, and a shared module the
 * web shell imports joins the shell chunk whole, with every text of it any page uses.
 */
export const REQUEST_SORTS = ['latest', 'votes'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];
export const MY_REQUEST_TYPES = ['all', 'assigned', 'created'] as const;
export type MyRequestType = (typeof MY_REQUEST_TYPES)[number];

export const FILE_TYPES = ['images', 'apks', 'animations'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const APK_EXTENSION = 'apk';

export const SYNC_STATUSES = ['running', 'completed', 'idle'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export const SEARCH_QUICK_TERMS = ['boot animation', 'notification', 'charging', 'custom'] as const;

export const EXTERNAL_TONES_URL = 'https://nothing.tones.community';
export const SUPPORT_EMAIL = 'support@glyphary.app';

/**
 * The key of a pre-rendered page's query cache in its boot data (docs/decisions/0014-prerendered-pages.md);
 * every other key but BOOT_PARTS_KEY is an API URL.
 */
export const BOOT_QUERIES_KEY = 'prerendered-queries';
/** The key of the lazily loaded parts a pre-rendered page drew (lib/preloadable-lazy.tsx): loaded before it hydrates. */
export const BOOT_PARTS_KEY = 'prerendered-parts';
/**
 * The key of the page's first answers that were 404s (API URL → `{ error, code }`): the page shows its
 * not-found view at once instead of asking again, and the server answers the page with status 404.
 */
export const BOOT_NOT_FOUND_KEY = 'not-found-answers';

// Issue 18: releases
export const MAX_CHANGELOG = 5000;
/** The creator's note to the admin reviewing a held release, and the admin's note back. */
export const MAX_RELEASE_NOTE = 1000;
export const RELEASE_STATES = ['published', 'pending', 'rejected'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];
