/**
 * File uploads (spec §5).
 * Part of the text catalogue (../messages.ts): one home per text, split so a page loads only its own.
 */
export const FILE_MSG = {
  // §5 file upload
  onlyOneFile: 'Only one file is allowed',
  fileTooLarge: 'File is too large (maximum 50MB)',
  fileTypeImage: 'Only PNG, JPG, JPEG, GIF and WebP images are allowed',
  fileTypeApk: 'Only .apk files are allowed',
  fileUploadFailed: (message: string) => `Upload failed: ${message}`,
  fileDeleteFailed: (message: string) => `Failed to delete file: ${message}`,
  tooManyImagesKept: (kept: number, dropped: number) =>
    `Only ${kept} images can be added: the first ${kept} were kept and ${dropped === 1 ? '1 was' : `${dropped} were`} left out.`,
} as const;
