import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG, type ErrorCode } from '@glyphary/shared';
import { AppError } from '../lib/errors.ts';

/** Fastify's own error codes → our status, code and a human message. */
const FASTIFY_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type: send application/json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Request body must not be empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Malformed JSON body' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'INVALID_BODY', message: 'Invalid request body' },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_ERROR', message: MSG.invalidRequest },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: MSG.fileTooLarge },
  FST_FILES_LIMIT: { status: 400, code: 'TOO_MANY_FILES', message: MSG.onlyOneFile },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the file as multipart/form-data' },
};

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003', '08004', '57014']);

/**
 * True when the database is unreachable or cut off (SECURITY R3 → 503). The driver's error is usually
 * wrapped (Drizzle's DrizzleQueryError, Better Auth's "Failed to get session" APIError, AggregateError),
 * so the whole cause chain is searched.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(String(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** PostgreSQL: invalid byte sequence (NUL in text) and untranslatable character. */
const INVALID_TEXT_CODES = new Set(['22021', '22P05']);

/** True when `error` or any error in its cause chain carries one of `codes`. */
function hasCauseCode(error: unknown, codes: Set<string>, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && codes.has(code)) return true;
  return hasCauseCode(cause, codes, depth + 1);
}

/**
 * The one error handler (DESIGN §3): every failure becomes `{error, code}` with the right status.
 * 5xx bodies never carry stacks, SQL or connection strings.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 429) {
        request.log.warn({ status: error.statusCode, code: error.code, url: request.url }, 'request refused');
      }
      return reply.status(error.statusCode).headers(error.headers).send({ error: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message && !first.message.startsWith('Invalid input') ? first.message : MSG.invalidRequest;
      return reply.status(400).send({ error: message, code: 'VALIDATION_ERROR' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response failed its schema');
      return reply.status(500).send({ error: MSG.internal, code: 'INTERNAL' });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ error: known.message, code: known.code });
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: MSG.tooManyAttempts, code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: error.message || MSG.invalidRequest, code: error.code ?? 'BAD_REQUEST' });
    }
    if (hasCauseCode(error, INVALID_TEXT_CODES)) {
      // A NUL or broken UTF-8 that slipped past validation: PostgreSQL refuses it; the client sent bad text.
      return reply.status(400).send({ error: MSG.controlCharacters, code: 'VALIDATION_ERROR' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ error: MSG.unavailable, code: 'UNAVAILABLE' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: MSG.internal, code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}
