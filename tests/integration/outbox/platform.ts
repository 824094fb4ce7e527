// Set-up shared by the outbox integration tests (not a test file): the real emulator in process on
// 127.0.0.1, a technician acting through impersonation, and fetches that go offline or "die".
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createPlatformClient } from '../../../lib/api/client';
import type { FetchLike } from '../../../lib/api/buffered-fetch';
import { createRateLimiter } from '../../../lib/api/rate-limiter';
import { createOutbox } from '../../../lib/outbox/outbox';
import { startSeededEmulator } from '../../support/emulator';

/** Short client-level retries: the outbox's own backoff is what these tests exercise. */
const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 20, limit: 2 } as const;

export const TECH_SCOPES = ['read_jobs', 'read_job_notes', 'publish_job_notes', 'manage_badges'];

export async function startOutboxPlatform(seed: number) {
  const emulator = await startSeededEmulator({ jobs: 600, seed, rateLimitPerMinute: 100_000 });
  const { info, control, account } = emulator;
  const technician = emulator.staff('technician');
  const visible = new Set(await control.visibleJobUuids(account.uuid, technician.uuid));
  const jobs = (await control.listRecords(account.uuid, 'job')).filter(
    (j) => visible.has(String(j.uuid)) && Number(j.active) === 1,
  );
  if (jobs.length < 26) throw new Error(`the technician sees only ${jobs.length} active jobs`);

  /** A platform client acting as the technician with a token for `scopes`. */
  async function technicianClient(
    scopes: string[],
    options: { fetch?: FetchLike; timeoutMs?: number; retryLimit?: number } = {},
  ) {
    return createPlatformClient({
      baseUrl: info.base_url,
      auth: { kind: 'oauth', tokens: await emulator.fixedTokens(technician.uuid, scopes) },
      impersonateStaffUuid: technician.uuid,
      limiter: createRateLimiter({ perMinute: 100_000 }),
      retry: { ...FAST_RETRY, ...(options.retryLimit === undefined ? {} : { limit: options.retryLimit }) },
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
  }

  /** Every note on the given jobs, as the platform holds them (seeded ones included). */
  async function notesOn(jobUuids: string[]) {
    const wanted = new Set(jobUuids);
    return (await control.listRecords(account.uuid, 'note')).filter((n) => wanted.has(String(n.related_object_uuid)));
  }

  /** Notes on the given jobs added since `notesOn()` answered `before`. */
  async function newNotesOn(jobUuids: string[], before: Array<Record<string, unknown>>) {
    const old = new Set(before.map((n) => n.uuid));
    return (await notesOn(jobUuids)).filter((n) => !old.has(n.uuid));
  }

  async function jobBadges(jobUuid: string): Promise<string[]> {
    const job = (await control.listRecords(account.uuid, 'job')).find((j) => j.uuid === jobUuid);
    const raw = job?.badges;
    return typeof raw === 'string' && raw !== ''
      ? (JSON.parse(raw) as string[])
      : Array.isArray(raw)
        ? (raw as string[])
        : [];
  }

  /** A fresh IndexedDB per test; `openOutbox()` again is the restarted worker opening the same database. */
  function outboxes() {
    const indexedDB = new IDBFactory();
    return () => createOutbox({ accountUuid: account.uuid, staffUuid: technician.uuid, indexedDB });
  }

  return {
    info,
    control,
    account,
    technician,
    jobUuids: jobs.map((j) => String(j.uuid)),
    technicianClient,
    notesOn,
    newNotesOn,
    jobBadges,
    outboxes,
    /** Clears any fault a test left injected, then stops the emulator. */
    close: async () => {
      await control.clearFaults();
      await emulator.close();
    },
  };
}

export type OutboxPlatform = Awaited<ReturnType<typeof startOutboxPlatform>>;

const realFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** No network: every request fails the way a browser's fetch does offline. */
export const offlineFetch: FetchLike = async () => {
  throw new TypeError('Failed to fetch');
};

/**
 * A fetch for a worker the browser stops in the middle of sending: after `notePosts` note creates,
 * the next one still reaches the platform, but from then on no answer ever comes back (the worker
 * is gone). Nothing of that worker runs afterwards, as in a real stopped service worker.
 */
export function dyingFetch(notePosts: number) {
  let seen = 0;
  let dead = false;
  const fetch: FetchLike = async (input, init) => {
    if (dead) return new Promise<never>(() => {});
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    const url = new URL(input instanceof Request ? input.url : String(input));
    const isNotePost = method.toUpperCase() === 'POST' && url.pathname.endsWith('/note.json');
    const response = await realFetch(input, init);
    if (isNotePost && ++seen > notePosts) dead = true;
    if (dead) return new Promise<never>(() => {});
    return response;
  };
  return { fetch, isDead: () => dead };
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A fetch that does what Chromium does with a request whose reused keep-alive connection closed before any answer:
 * it sends the same request again, once, on a new connection, before the caller hears of the first (Chromium's
 * HttpNetworkTransaction::ShouldResendRequest asks only whether the connection was reused, not the method). Here
 * every connection counts as reused. `resent()` is how many requests went out twice.
 */
export function resendingFetch() {
  let resent = 0;
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const again = request.clone();
    try {
      return await realFetch(request);
    } catch {
      resent++;
      return realFetch(again);
    }
  };
  return { fetch, resent: () => resent };
}
