let dateTimeFormat: Intl.DateTimeFormat | undefined;

/**
 * A date and time in the reader's own time zone ('Nov 25, 2026, 3:04 PM') for the admin screens, which
 * are rendered in the browser only. One formatter, made on first use: `toLocaleString` with options
 * builds a new one per call.
 */
export function formatDateTime(date: Date): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(date);
}
