import { MSG, type ErrorCode } from '@glyphary/shared';

/** An error that maps to an HTTP status and a stable code; the error handler turns it into `{error, code}`. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

export const badRequest = (message: string, code: ErrorCode = 'VALIDATION_ERROR') => new AppError(400, code, message);
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = MSG.forbidden, code: ErrorCode = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, 'NOT_FOUND', message);
export const unprocessable = (message: string, code: ErrorCode) => new AppError(422, code, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const payloadTooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** A full disk while storing an upload (SECURITY R7): 507 with the spec's 'Upload failed: …' text. */
export const insufficientStorage = () => new AppError(507, 'INSUFFICIENT_STORAGE', MSG.fileUploadFailed('the server is out of storage space'));
/** True for a "no space left on device" error from the file system (SECURITY R7). */
export const isNoSpaceError = (error: unknown) => (error as { code?: string } | null)?.code === 'ENOSPC' || (error as { code?: string } | null)?.code === 'EDQUOT';
