import { analyseApk } from '../modules/apk/analyse-apk.ts';

/**
 * The jobs the parse pool runs, by name: each takes structured-clonable input and returns a
 * structured-clonable result. Parsers of uploaded bytes go here when they can take more than a few
 * milliseconds, so that they run off the event loop (SECURITY "Parsers of uploaded bytes").
 * This module is loaded only inside pool workers.
 */
export const PARSE_JOBS = {
  /** The APK report and toy preview bytes of the APK at `filePath`. */
  apk: (filePath: string) => analyseApk(filePath),
} satisfies Record<string, (input: never) => Promise<unknown>>;

export type ParseJobs = typeof PARSE_JOBS;
