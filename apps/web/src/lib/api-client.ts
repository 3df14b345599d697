import { apiUrl, type ApiParams, type ErrorCode, COMMON_MSG } from '@glyphary/shared';
import type { QueryClient } from '@tanstack/react-query';
import { bootDataOf, type BootData } from './boot-data.ts';

/** An API failure: `message` is the response's `error` field, or 'HTTP {status}' (spec §7). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(message: string, status: number, code: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** True when `error` is an ApiError carrying this API error code (typed: a misspelled code does not compile). */
export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** True when `error` is an ApiError with the given HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Reads a message to show from anything thrown. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * What a query function passes on (its TanStack Query context fits as it is): the abort signal, and
 * the page's boot data, given directly or found through the query client (lib/boot-data.ts).
 */
export interface RequestContext {
  signal?: AbortSignal;
  /** The page's embedded answers: a GET of an embedded URL is answered from them once. */
  boot?: BootData;
  client?: QueryClient;
}

export interface RequestOptions extends RequestContext {
  /** Query parameters; undefined and null values are left out. */
  params?: ApiParams;
  headers?: Record<string, string>;
}

// The same builder makes the server's boot-data keys (packages/shared/src/pages.ts).
const buildUrl = (path: string, params?: ApiParams): string => apiUrl(path, params);

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one fetch wrapper of the web app: `/api{path}`, JSON in and out, the browser's same-origin
 * session cookie. FormData bodies are sent as multipart.
 * @throws ApiError with the response's `error` field (or 'HTTP {status}'), status and code.
 */
async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.params);
  const boot = options.boot ?? bootDataOf(options.client);
  if (method === 'GET') {
    // The page may already carry this answer (lib/boot-data.ts): the first render skips the round trip.
    const embedded = boot?.take(url);
    if (embedded) return embedded.body as T;
    const missing = boot?.takeNotFound(url);
    if (missing) throw new ApiError(missing.error, 404, missing.code);
  }
  // Pre-rendering on the server (entry-server.tsx) only shows what the page carries; the rest loads in the browser.
  if (boot?.prerendering) throw new ApiError(COMMON_MSG.httpStatus(503), 503, 'NOT_PRERENDERED');
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(url, {
    method,
    headers,
    body: payload,
    credentials: 'same-origin',
    signal: options.signal,
  });
  const data = await parseBody(response);
  if (!response.ok) {
    const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    const message = typeof record.error === 'string' && record.error.length > 0 ? record.error : COMMON_MSG.httpStatus(response.status);
    const code = typeof record.code === 'string' ? record.code : `HTTP_${response.status}`;
    throw new ApiError(message, response.status, code);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
};
