export { GlyphDetail } from './components/glyph-detail.tsx';
export { UploadGlyphForm } from './components/upload-glyph-form.tsx';
export type { FileUploadSlotProps, RenderFileUpload } from './components/file-upload-slot.ts';
