/** The source of time (CONVENTIONS rule 5): services take a clock so tests can fix it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
