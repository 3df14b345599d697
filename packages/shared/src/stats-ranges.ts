// Issue 51: the ranges of the statistics, apart from their zod schemas so that the web pages that
// only offer a range do not carry zod.

/** How a counted download came: the site's buttons, the stable latest.apk link, or the F-Droid repository. */
export const DOWNLOAD_SOURCES = ['button', 'latest', 'repository'] as const;
export type DownloadSource = (typeof DOWNLOAD_SOURCES)[number];

/** The ranges the statistics offer, in UTC calendar days ending today. */
export const STATS_RANGES = [7, 30, 90, 365] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
export const DEFAULT_STATS_RANGE: StatsRange = 30;
