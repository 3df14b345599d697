export * from './constants.ts';
export * from './messages.ts';
export * from './validation/url.ts';
export * from './validation/signup.ts';
export * from './validation/glyph.ts';
export * from './license.ts';
export * from './validation/request.ts';
export * from './format/index.ts';
export * from './schemas/common.ts';
export * from './schemas/user.ts';
export * from './animation-limits.ts';
export * from './schemas/animation.ts';
export * from './schemas/glyph.ts';
export * from './schemas/request.ts';
export * from './schemas/admin.ts';
export * from './schemas/discovery.ts';
export * from './glyph-matrix/index.ts';
export * from './browse/index.ts';
export * from './browse/schemas.ts';
export * from './browse/suggest.ts';
export * from './glyph-matrix/flash.ts';
export * from './glyph-matrix/matrix-svg.ts';
export * from './glyph-matrix/look.ts';
export * from './glyph-matrix/resample.ts';
// Issue 19: community and moderation
export * from './community.ts';
export * from './schemas/community.ts';
// Issue 15: APK report
export * from './schemas/apk.ts';
export * from './apk/messages.ts';
export * from './apk/permissions.ts';
export * from './apk/code-words.ts';
// Issue 18: releases
export * from './schemas/release.ts';
export * from './stats-ranges.ts';
export * from './schemas/stats.ts';
// Issue 22: the API's error codes
export * from './error-codes.ts';
// Issue 22: the one page table (paths, route modules, access, boot-data URLs)
export * from './pages.ts';
export * from './list-params.ts';
export * from './page-preloads.ts';
// Issue 22: stored-file identity (one URL builder and parser)
export * from './stored-files.ts';
