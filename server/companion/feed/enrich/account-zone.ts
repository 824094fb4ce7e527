import { z } from 'zod';
import { zonedTimestamp } from '../../../../contracts/platform-time';
import { platformFetch } from '../platform-error';

// The account's time zone, for asking the platform what changed since a moment: `edit_date` is written in the
// account's local time (vendor.timezone_name; PLATFORM-NOTES "Records"), while a webhook's `time` is UTC. Read with
// the account's grant from `vendor.json`, and kept a day: a business seldom moves.

const Vendor = z.looseObject({ timezone_name: z.string().nullish() });
/** `vendor.json` answers a one-element list (the platform's lists of every type); one object is taken too. */
const VendorAnswer = z.union([z.array(Vendor).min(1), Vendor]).transform((v) => (Array.isArray(v) ? v[0]! : v));

const KEPT_MS = 24 * 3_600_000;

export function createAccountZones(opts: { platformBaseUrl: string; fetch?: typeof fetch; now?: () => number }) {
  const fetchFn = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const kept = new Map<string, { zone: string; at: number }>();
  return {
    /** The zone kept for the account, if read within the day. */
    known(account: string): string | undefined {
      const entry = kept.get(account);
      return entry && now() - entry.at < KEPT_MS ? entry.zone : undefined;
    },
    /** Reads the account's zone with `token`; undefined when the platform does not say one this runtime knows. */
    async read(account: string, token: string): Promise<string | undefined> {
      const res = await platformFetch(
        fetchFn,
        `${opts.platformBaseUrl}/api_1.0/vendor.json`,
        { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, timeoutMs: 3_000 },
        'GET vendor',
      );
      if (!res.ok) return void (await res.body?.cancel());
      const vendor = VendorAnswer.safeParse(await res.json().catch(() => null));
      const zone = vendor.success ? vendor.data.timezone_name : undefined;
      if (!zone || zonedTimestamp(0, zone) === undefined) return undefined;
      kept.set(account, { zone, at: now() });
      return zone;
    },
  };
}

export type AccountZones = ReturnType<typeof createAccountZones>;

/** `YYYY-MM-DD HH:MM:SS` in `zone` of the instant `ms`, as the platform writes `edit_date`. */
export function localTimestamp(ms: number, zone: string): string {
  const text = zonedTimestamp(ms, zone);
  if (text === undefined) throw new RangeError(`Not a time zone this runtime knows: ${zone}`);
  return text;
}

/** The instant of a webhook's `time` (UTC, `YYYY-MM-DD HH:MM:SS`), or undefined when it is not one. */
export function webhookInstant(time: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(time)) return undefined;
  const ms = Date.parse(`${time.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) ? ms : undefined;
}
