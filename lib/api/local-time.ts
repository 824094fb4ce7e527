import { utcTimestamp, zonedTimestamp } from '../../contracts/platform-time';

// The incremental-sync mark in the platform's terms. `edit_date` is the account's LOCAL time
// (vendor.timezone_name), written `YYYY-MM-DD HH:MM:SS`, so `edit_date gt '<mark>'` must compare
// against the local time of the instant we last synced from, not UTC and not the device's zone.

/** Local time in `timeZone` of the instant `ms`, as the platform writes it. */
export function localTimestamp(ms: number, timeZone: string | null): string {
  // Unknown zone: the earliest local time anywhere (UTC-12). A mark too early only re-reads a
  // few changed records; a mark too late would silently miss changes.
  return (timeZone === null ? undefined : zonedTimestamp(ms, timeZone)) ?? utcTimestamp(ms - 12 * 3_600_000);
}
