import { Tinypool } from 'tinypool';
import { MSG } from '@glyphary/shared';
import { AppError } from './errors.ts';
import type { ParseJobs } from './parse-jobs.ts';

/** Bounds of the pool that parses uploaded bytes off the event loop (SECURITY "Parsers of uploaded bytes"). */
export const PARSE_POOL_DEFAULTS = {
  /** One parsing thread: on two cores the other stays free for requests. */
  threads: 1,
  /** Jobs waiting beyond the running ones; more answer 503 at once instead of queueing for minutes. */
  maxQueue: 32,
  /** A job still running after this is stopped (its worker terminated) and answered 422. */
  timeoutMs: 20_000,
  /** Each worker's V8 heap; past it the worker dies (not the server) and the job answers 422. */
  heapMb: 256,
};

export type ParsePoolOptions = Partial<typeof PARSE_POOL_DEFAULTS>;

/** A job refused its input (an error with an HTTP status, thrown in the worker). */
export class ParseRefusedError extends Error {
  readonly status: number;
  constructor(name: string, message: string, status: number) {
    super(message);
    this.name = name;
    this.status = status;
  }
}

export interface ParsePool {
  /**
   * Runs a named job in a worker.
   * @throws ParseRefusedError when the job refused its input; AppError 422 UPLOAD_TOO_COSTLY past the
   *   time or heap bound; AppError 503 UPLOAD_BUSY when the queue is full.
   */
  run<K extends keyof ParseJobs>(job: K, input: Parameters<ParseJobs[K]>[0], transferList?: ArrayBuffer[]): Promise<Awaited<ReturnType<ParseJobs[K]>>>;
  close(): Promise<void>;
}

/** Buffers arrive from a worker as plain Uint8Arrays: give them back their Buffer methods. */
function revive(value: unknown): unknown {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) (value as Record<string, unknown>)[key] = revive(inner);
  }
  return value;
}

export function createParsePool(options: ParsePoolOptions = {}): ParsePool {
  const settings = { ...PARSE_POOL_DEFAULTS, ...options };
  const pool = new Tinypool({
    filename: new URL('./parse-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: settings.threads,
    maxQueue: settings.maxQueue,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: settings.heapMb, maxYoungGenerationSizeMb: 32 },
  });
  return {
    async run(job, input, transferList) {
      if (pool.queueSize >= settings.maxQueue) throw new AppError(503, 'UPLOAD_BUSY', MSG.uploadBusy, { 'retry-after': '60' });
      let result: { value: unknown } | { refused: { name: string; message: string; status: number } };
      try {
        result = await pool.run({ job, input }, { signal: AbortSignal.timeout(settings.timeoutMs), ...(transferList ? { transferList } : {}) });
      } catch (error) {
        const text = String((error as Error | null)?.message ?? '');
        if (/queue is at limit/i.test(text)) throw new AppError(503, 'UPLOAD_BUSY', MSG.uploadBusy, { 'retry-after': '60' });
        const code = (error as { code?: string } | null)?.code;
        // Aborted by the timeout, or the worker ran out of its heap: the input costs too much to check.
        if ((error as Error | null)?.name === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY' || /aborted|out of memory/i.test(text)) {
          throw new AppError(422, 'UPLOAD_TOO_COSTLY', MSG.uploadTooCostly);
        }
        throw error;
      }
      if ('refused' in result) throw new ParseRefusedError(result.refused.name, result.refused.message, result.refused.status);
      return revive(result.value) as never;
    },
    close: () => pool.destroy(),
  };
}
