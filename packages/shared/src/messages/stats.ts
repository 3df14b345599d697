/** Issue 51: texts of the statistics API and the creator dashboard. */
export const STATS_MSG = {
  statsDaysInvalid: 'days must be one of 7, 30, 90 or 365',
} as const;
