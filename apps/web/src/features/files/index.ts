export { FileUpload, type FileUploadProps, validateFiles } from './components/file-upload.tsx';
export { uploadFile } from './api/upload-file.ts';
export { deleteFile } from './api/delete-file.ts';
export { LazyFileUpload } from './components/lazy-file-upload.tsx';
