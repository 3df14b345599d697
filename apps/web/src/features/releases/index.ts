export { ReleasesSection, wasUpdated, type ReleasesGlyph } from './components/releases-section.tsx';
export type { RenderApkUpload } from './components/publish-update-dialog.tsx';
export type { RenderReleaseAction } from './components/release-history.tsx';
