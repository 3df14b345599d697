import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface IntervalJob<T> {
  start(): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
  /** One pass now (tests call it directly). */
  runOnce(): Promise<T>;
}

/**
 * A pass every `intervalMs` that never holds the process open, logs its result or its failure, and
 * lets `stop()` wait for a pass in progress (so nothing touches a closed database). For jobs whose passes
 * are safe to run on several instances at once.
 */
export function createIntervalJob<T extends object>({ name, intervalMs, logger, run }: { name: string; intervalMs: number; logger: FastifyBaseLogger; run: () => Promise<T> }): IntervalJob<T> {
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();
  return {
    runOnce: run,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        inFlight = run()
          .then((result) => logger.info({ ...result } as Record<string, unknown>, `${name}: pass done`))
          .catch((error: unknown) => logger.error({ err: error }, `${name} failed`));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
    },
  };
}

export type JobSetting = 'auto' | 'on' | 'off';

/**
 * A module's background job: started once the app is ready when its setting is `on`, or `auto` outside
 * NODE_ENV=test (tests run passes themselves), and stopped on close in every case.
 */
export function runJob(app: FastifyInstance, setting: JobSetting, job: { start(): void; stop(): Promise<void> }): void {
  if (setting === 'on' || (setting === 'auto' && app.glyphary.env.NODE_ENV !== 'test')) app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
}
