import os from 'node:os';
import { PARSE_JOBS } from './parse-jobs.ts';

// Below the event loop's thread in the scheduler: on Linux a priority set with pid 0 applies to the
// calling thread only, so a long parse yields the CPU to request handling. Unsupported: ignored.
try {
  os.setPriority(10);
} catch {
  // not permitted here (some containers): the thread keeps the default priority
}

/** A refusal crossing the thread boundary (errors lose their class and fields when cloned). */
export interface Refusal {
  refused: { name: string; message: string; status: number };
}

/** Tinypool's entry point: runs one named job; refusals (errors with an HTTP status) come back as data. */
export default async function run({ job, input }: { job: keyof typeof PARSE_JOBS; input: unknown }): Promise<{ value: unknown } | Refusal> {
  const fn = PARSE_JOBS[job] as ((input: unknown) => Promise<unknown>) | undefined;
  if (!fn) throw new Error(`unknown parse job ${String(job)}`);
  try {
    return { value: await fn(input) };
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (error instanceof Error && typeof status === 'number') return { refused: { name: error.name, message: error.message, status } };
    throw error;
  }
}
