import { z } from 'zod';
import { utcTimestamp, zonedTimestamp } from '../../../contracts/platform-time';
import type { PlatformCall, PlatformReads } from './platform-reads';

// The account's own clock: the platform writes a job activity's start and end, and a note's date, as the account's
// local time (`vendor.timezone_name`), `YYYY-MM-DD HH:MM:SS`. The zone is read once an hour per account in a process
// (vendor.json, one request); an account whose zone is unknown or unreadable gets the companion's UTC, which is
// what the platform's own clock says when it has no zone either.

const ZONE_KEPT_MS = 60 * 60_000;

const VendorSchema = z.array(z.looseObject({ timezone_name: z.string().nullish() }));

/** `ms` as the clock of `timeZone` writes it; UTC for a zone this runtime does not know. */
export const accountTimestamp = (ms: number, timeZone: string | null): string =>
  (timeZone === null ? undefined : zonedTimestamp(ms, timeZone)) ?? utcTimestamp(ms);

export function createAccountClock(deps: { reads: PlatformReads; now: () => number }) {
  const zones = new Map<string, { zone: string | null; until: number }>();

  async function zoneOf(account: string, call: PlatformCall): Promise<string | null> {
    const kept = zones.get(account);
    if (kept && kept.until > deps.now()) return kept.zone;
    const vendor = await deps.reads.get(call, 'vendor.json', VendorSchema);
    const zone = vendor.ok ? (vendor.value[0]?.timezone_name ?? null) : null;
    // An unreadable vendor is asked again soon, not in an hour.
    zones.set(account, { zone, until: deps.now() + (vendor.ok ? ZONE_KEPT_MS : 60_000) });
    return zone;
  }

  return {
    /** Now, as the account's clock writes it. */
    async now(account: string, call: PlatformCall): Promise<string> {
      return accountTimestamp(deps.now(), await zoneOf(account, call));
    },
  };
}

export type AccountClock = ReturnType<typeof createAccountClock>;
