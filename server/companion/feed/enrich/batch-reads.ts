import { z } from 'zod';
import { toUuid, UuidSchema, type Uuid } from '../../../../contracts/uuid';
import type { AccountReaders, TokenRead } from './account-readers';
import { localTimestamp, webhookInstant, type AccountZones } from './account-zone';
import { platformFetch } from '../platform-error';
import { refusedToken } from '../platform-read';
import type { NewChange } from '../store/types';

// Several changes collected together (held-changes.ts), read in one request per kind instead of one each: the
// platform's list of that kind filtered to what was edited since the earliest of them
// (`$filter=edit_date gt '<local time>'`, one page), with the same grant a change's own read uses
// (account-readers.ts, never impersonated). A record read so is kept against its change (by the change object
// itself) and taken by that change's reader (note-jobs.ts, job-records.ts, visit-jobs.ts) in place of its own read;
// a change whose record the list did not hold (an edit that did not move `edit_date`, a page too short) is read on
// its own as before. Who may see a job is asked exactly as for a job read on its own.

/** The kinds read so, and the platform's list of each. */
const LISTS: Record<string, string> = { job: 'job', note: 'note', jobactivity: 'jobactivity' };

/** Looked back from the earliest change's `time`: the platform's clocks need not agree to the second. */
const LOOK_BACK_MS = 60_000;

type Raw = Record<string, unknown>;
/** A list's records as they came, each with its uuid as a Uuid. */
const Listed = z.array(
  z.looseObject({ uuid: z.string() }).transform((record): [Uuid, Raw] => [toUuid(record.uuid), record]),
);

export interface BatchRead {
  /** The platform's record for this change, read with its list, and the token that read it. */
  value: Raw;
  token: string;
}

export function createBatchReads(opts: {
  platformBaseUrl: string;
  readers: AccountReaders;
  zones: AccountZones;
  fetch?: typeof fetch;
  timeoutMs?: number;
}) {
  const fetchFn = opts.fetch ?? fetch;
  const read = new WeakMap<NewChange, BatchRead>();

  async function zoneOf(account: string): Promise<string | undefined> {
    const known = opts.zones.known(account);
    if (known) return known;
    const found = await opts.readers.readWith(account, async (token) => ({
      kind: 'answer' as const,
      value: await opts.zones.read(account, token),
    }));
    return found?.value;
  }

  async function list(token: string, type: string, since: string): Promise<TokenRead<[Uuid, Raw][]>> {
    const filter = encodeURIComponent(`edit_date gt '${since}'`);
    const res = await platformFetch(
      fetchFn,
      `${opts.platformBaseUrl}/api_1.0/${type}.json?cursor=-1&$filter=${filter}`,
      { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, timeoutMs: opts.timeoutMs ?? 5_000 },
      `GET ${type} list`,
    );
    if (!res.ok) {
      await res.body?.cancel();
      if (refusedToken(res.status)) return { kind: 'next' };
      throw new Error(`GET ${type} list answered ${res.status}`);
    }
    const parsed = Listed.safeParse(await res.json().catch(() => null));
    return { kind: 'answer', value: parsed.success ? parsed.data : [] };
  }

  return {
    /** Reads together what `changes` need, one request per kind where two or more of a kind wait; answers the
     * changes now read (their readers take the record with `take`). Never throws. */
    async readTogether(account: string, changes: readonly NewChange[]): Promise<Set<NewChange>> {
      const covered = new Set<NewChange>();
      const byKind = new Map<string, { change: NewChange; uuid: Uuid }[]>();
      for (const change of changes) {
        if (read.has(change)) {
          covered.add(change);
          continue;
        }
        const uuid = UuidSchema.safeParse(change.uuid);
        if (!LISTS[change.object] || !uuid.success || webhookInstant(change.time) === undefined) continue;
        byKind.set(change.object, [...(byKind.get(change.object) ?? []), { change, uuid: uuid.data }]);
      }
      for (const [kind, some] of byKind) {
        if (new Set(some.map((c) => c.uuid)).size < 2) continue;
        try {
          const zone = await zoneOf(account);
          if (!zone) return covered;
          const earliest = Math.min(...some.map((c) => webhookInstant(c.change.time)!));
          const since = localTimestamp(earliest - LOOK_BACK_MS, zone);
          const found = await opts.readers.readWith(account, (token) => list(token, LISTS[kind]!, since));
          if (!found) continue;
          const byUuid = new Map(found.value);
          for (const { change, uuid } of some) {
            const record = byUuid.get(uuid);
            if (!record) continue;
            read.set(change, { value: record, token: found.token });
            covered.add(change);
          }
        } catch {
          // The platform failed: each change is read on its own, or goes on as it came.
        }
      }
      return covered;
    },
    /** The record read for this change with its kind's list, once. */
    take(change: NewChange): BatchRead | undefined {
      const found = read.get(change);
      read.delete(change);
      return found;
    },
  };
}

export type BatchReads = ReturnType<typeof createBatchReads>;
