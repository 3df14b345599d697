/**
 * Every user-visible text that the spec fixes, word for word (spec §2, §5, §8, §9).
 * Both the server (error bodies) and the web app (screens) read them from here.
 *
 * Each text lives in one feature file under ./messages/: the web app imports the
 * part it shows (`GLYPH_MSG.titleRequired`), so a page's JavaScript carries only its own texts.
 * `MSG` is all of them, for the server and for tests; the web app's code does not import it (ESLint).
 */
import { COMMON_MSG } from './messages/common.ts';
import { AUTH_MSG } from './messages/auth.ts';
import { API_MSG } from './messages/api.ts';
import { SETTINGS_MSG } from './messages/settings.ts';
import { GLYPH_MSG } from './messages/glyphs.ts';
import { GLYPH_PAGE_MSG } from './messages/glyph-page.ts';
import { REQUEST_MSG } from './messages/requests.ts';
import { FILE_MSG } from './messages/files.ts';
import { SEARCH_MSG } from './messages/search.ts';
import { DISCOVERY_MSG } from './messages/discovery.ts';
import { ADMIN_MSG } from './messages/admin.ts';
import { RELEASE_MSG } from './messages/releases.ts';
import { INSTALL_MSG } from './messages/install.ts';
import { STATS_MSG } from './messages/stats.ts';

export { COMMON_MSG } from './messages/common.ts';
export { AUTH_MSG } from './messages/auth.ts';
export { API_MSG } from './messages/api.ts';
export { SETTINGS_MSG } from './messages/settings.ts';
export { GLYPH_MSG } from './messages/glyphs.ts';
export { GLYPH_PAGE_MSG } from './messages/glyph-page.ts';
export { REQUEST_MSG } from './messages/requests.ts';
export { FILE_MSG } from './messages/files.ts';
export { SEARCH_MSG } from './messages/search.ts';
export { DISCOVERY_MSG } from './messages/discovery.ts';
export { ADMIN_MSG } from './messages/admin.ts';
export { RELEASE_MSG } from './messages/releases.ts';
export { INSTALL_MSG } from './messages/install.ts';
export { STATS_MSG } from './messages/stats.ts';

export const MSG = { ...COMMON_MSG, ...AUTH_MSG, ...API_MSG, ...SETTINGS_MSG, ...GLYPH_MSG, ...GLYPH_PAGE_MSG, ...REQUEST_MSG, ...FILE_MSG, ...SEARCH_MSG, ...DISCOVERY_MSG, ...ADMIN_MSG, ...RELEASE_MSG, ...INSTALL_MSG, ...STATS_MSG } as const;
