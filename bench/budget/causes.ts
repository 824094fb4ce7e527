// Why each request reached the platform. Each browser's services get platform clients of their own whose
// fetch counts under that service's cause (the sync's by the phase it is in); the companion's requests are
// told apart by what they ask (its token check; the staff role and the subscriptions a register costs). A live
// change's reads are counted by who made them: the companion's (its grant, or impersonating a staff member), once
// for every browser, apart from a browser's own (its token), made when the change came without a record for it.
// The emulator's own request count is the total they must add up to.

export const CAUSES = [
  'first sync',
  'full refresh',
  'incremental',
  'live: companion',
  'live: browsers',
  'register',
  'feed auth',
  'writes',
  'time on site',
  'photos',
  // The background's day reads (my-day.ts): the person's schedule, their own jobs and today's from it.
  'day: mine',
] as const;
export type Cause = (typeof CAUSES)[number];

/** The companion's platform requests: its token check (once per token) and the account's time zone (once a day),
 * the note it reads to place on its job and the changed job it reads, alone or in a list with others (live
 * re-reads, once for all browsers), and what a register costs (the caller's role, the subscription list and
 * changes). */
function companionCause(url: string): Cause {
  const { pathname: path, searchParams } = new URL(url);
  // The changes that came together, read as one list per kind since the earliest of them (batch-reads.ts).
  if (/edit_date gt/.test(searchParams.get('$filter') ?? '')) return 'live: companion';
  if (path.endsWith('/vendor.json')) return 'feed auth';
  // A changed note read once to place it on its job, a changed job read once to put its record on the change, a
  // visit read once for its job and staff member, or a job asked as a staff member (who may see a job just
  // created, or given to them by a visit): the live re-read, made once for every browser.
  if (/\/(dbo)?note(\/|\.json)/.test(path) || /\/(job|jobactivity)\/[^/]+\.json$/.test(path)) return 'live: companion';
  return 'register';
}

/** A write is counted by what it sends: time on site (recorded activities), photos (attachments and their files),
 * else notes, badges and statuses. */
function writeCause(cause: Cause, url: string): Cause {
  if (cause !== 'writes') return cause;
  const path = new URL(url).pathname;
  if (/\/jobactivity(\/|\.json)/.test(path)) return 'time on site';
  if (/\/(dbo)?attachment(\/|\.json)/i.test(path)) return 'photos';
  return 'writes';
}

/** BUDGET_TRACE=1: every counted request on stderr, with who made it and whom it impersonates (to find what a
 * minute's requests were). */
const trace = (who: string, cause: Cause, input: RequestInfo | URL, init: RequestInit | undefined, url: string) => {
  if (!process.env.BUDGET_TRACE) return;
  const method = typeof input === 'object' && 'method' in input ? input.method : (init?.method ?? 'GET');
  // Whom a read impersonates (the companion's visibility checks, a visit's job read as its staff member).
  const headers = new Headers(typeof input === 'object' && 'headers' in input ? input.headers : init?.headers);
  const as = headers.get('x-impersonate-uuid');
  process.stderr.write(`trace ${who} ${cause} ${method} ${decodeURIComponent(url)}${as ? ` as ${as}` : ''}\n`);
};

export interface RequestCounter {
  /** A fetch for one of a browser's platform clients: counts under its cause. */
  fetchFor(cause: () => Cause, who?: string): typeof fetch;
  /** The companion's fetch: counts its platform requests by what they ask. */
  companionFetch: typeof fetch;
  /** Counts since the last call, by cause (and clears them). */
  take(): Map<Cause, number>;
}

/** A request's address; a Request of another realm (ky's, under a test's globals) fails `instanceof Request`. */
const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'object' && !(input instanceof URL) && 'url' in input ? input.url : String(input);

export function createRequestCounter(): RequestCounter {
  let counts = new Map<Cause, number>();
  const add = (cause: Cause) => counts.set(cause, (counts.get(cause) ?? 0) + 1);
  // The platform's REST and subscription API (the emulator's control API and OAuth are not the budget's).
  const toPlatform = (input: RequestInfo | URL) =>
    /\/(api_1\.0|webhook_subscriptions)(\/|$)/.test(new URL(urlOf(input), 'http://relative.invalid').pathname);
  return {
    fetchFor:
      (cause, who = 'browser') =>
      (input, init) => {
        const url = urlOf(input);
        if (toPlatform(input)) {
          const counted = writeCause(cause(), url);
          add(counted);
          trace(who, counted, input, init, url);
        }
        return fetch(input, init);
      },
    companionFetch: (input, init) => {
      const url = urlOf(input);
      if (toPlatform(input)) {
        const counted = companionCause(url);
        add(counted);
        trace('companion', counted, input, init, url);
      }
      return fetch(input, init);
    },
    take() {
      const taken = counts;
      counts = new Map();
      return taken;
    },
  };
}
