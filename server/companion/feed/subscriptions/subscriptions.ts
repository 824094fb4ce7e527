import { z } from 'zod';
import { PlatformError, platformErrorFrom, platformFetch } from '../platform-error';
import { PlatformFlagSchema } from '../../../../contracts/platform-flag';

/** The object subscriptions Fieldside needs: the job and note fields the extension shows, and visits (who sees
 * which job). */
export const FIELDSIDE_SUBSCRIPTIONS = [
  {
    object: 'job',
    unique_id: 'fieldside-job',
    fields: ['status', 'badges', 'job_address', 'job_description', 'company_uuid', 'active', 'generated_job_id'],
  },
  // Kept beside the event below: it alone tells of a note's edits, and it is the fallback should the real
  // platform's event notification not be the shape the receiver reads.
  { object: 'note', unique_id: 'fieldside-note', fields: ['note', 'active', 'related_object_uuid'] },
  // A visit booked, moved or given to someone else: who sees the job (feed/enrich/visit-jobs.ts). Its end too: a
  // visit made longer, and leaving the site ("Done" moves the end of the time on site), change nothing else.
  {
    object: 'jobactivity',
    unique_id: 'fieldside-jobactivity',
    fields: ['job_uuid', 'staff_uuid', 'active', 'start_date', 'end_date'],
  },
] as const;

/** The event subscriptions: a new note names its job, so the companion need not read the note to learn it. */
export const FIELDSIDE_EVENT_SUBSCRIPTIONS = [{ event: 'job.note_added', unique_id: 'fieldside-note-added' }] as const;

// The list holds object and event subscriptions alike (PLATFORM-NOTES): `{type: "object", object, fields}` and
// `{type: "event", event}`. Lenient about representation (fields as an array or a comma list, active as a
// boolean or 0/1), because only the meaning matters for deciding whether a subscription is already right.
const Listed = z.object({
  // A kind's missing name may be listed as null rather than left out.
  object: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  event: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined),
  callback_url: z.string(),
  fields: z.union([z.array(z.string()), z.string().transform((s) => s.split(',').map((f) => f.trim()))]).nullish(),
  unique_id: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  active: PlatformFlagSchema,
});
type ListedSubscription = z.infer<typeof Listed>;

function sameFields(a: readonly string[] | null | undefined, b: readonly string[]): boolean {
  const set = new Set(a ?? []);
  return set.size === new Set(b).size && b.every((f) => set.has(f));
}

/** A subscription the platform would not take for this app (an object it refuses, a scope it lacks). */
export interface RefusedSubscription {
  unique_id: string;
  message: string;
}

/** One subscription Fieldside wants: where it is posted, with what, and whether a listed one already is it. */
interface Wanted {
  unique_id: string;
  path: 'object' | 'event';
  form: Record<string, string>;
  is(listed: ListedSubscription): boolean;
}

function wantedSubscriptions(callbackUrl: string): Wanted[] {
  const objects = FIELDSIDE_SUBSCRIPTIONS.map((w): Wanted => ({
    unique_id: w.unique_id,
    path: 'object',
    form: { object: w.object, fields: w.fields.join(','), callback_url: callbackUrl, unique_id: w.unique_id },
    is: (s) =>
      s.object === w.object && s.event === undefined && s.unique_id === w.unique_id && sameFields(s.fields, w.fields),
  }));
  const events = FIELDSIDE_EVENT_SUBSCRIPTIONS.map((w): Wanted => ({
    unique_id: w.unique_id,
    path: 'event',
    form: { event: w.event, callback_url: callbackUrl, unique_id: w.unique_id },
    is: (s) => s.event === w.event && s.object === undefined && s.unique_id === w.unique_id,
  }));
  return [...objects, ...events];
}

interface SubscriptionsAccess {
  platformBaseUrl: string;
  token: string;
  fetch?: typeof fetch;
}

/** The token's /webhook_subscriptions: where it is, how it is asked, and its whole list (every status). */
function subscriptionsOf(opts: SubscriptionsAccess) {
  const fetchFn = opts.fetch ?? fetch;
  const base = `${opts.platformBaseUrl}/webhook_subscriptions`;
  const auth = { authorization: `Bearer ${opts.token}`, accept: 'application/json' };
  async function list(): Promise<unknown[]> {
    const listWhat = 'GET webhook_subscriptions';
    const res = await platformFetch(fetchFn, `${base}?status=all`, { headers: auth }, listWhat);
    if (!res.ok) throw await platformErrorFrom(res, listWhat);
    const listed = z.array(z.unknown()).safeParse(await res.json().catch(() => null));
    if (!listed.success)
      throw new PlatformError('The platform answered the subscription list in an unexpected shape', 502);
    return listed.data;
  }
  return { fetchFn, base, auth, list };
}

/**
 * Makes sure the token's account has Fieldside's subscriptions, active, pointing at `callbackUrl`.
 * Idempotent by unique_id: a subscription that is already right is left alone; one that differs or is
 * inactive is posted again to /webhook_subscriptions/object or /event (the platform then modifies and
 * reactivates it, after verifying the callback). Each is subscribed on its own: one the platform refuses is
 * reported and the others are still made. When none is in place (a callback that fails
 * verification refuses them all) it fails with the platform's answer.
 */
export async function ensureSubscriptions(
  opts: SubscriptionsAccess & { callbackUrl: string },
): Promise<{ changed: number; refused: RefusedSubscription[] }> {
  const { fetchFn, base, auth, list } = subscriptionsOf(opts);
  const listed = await list();
  const current = listed.flatMap((item) => {
    const s = Listed.safeParse(item);
    return s.success && (s.data.object || s.data.event) ? [s.data] : [];
  });

  let changed = 0;
  const refused: Array<RefusedSubscription & { error: PlatformError }> = [];
  const wanted = wantedSubscriptions(opts.callbackUrl);
  const pending = wanted.filter(
    (w) => !current.some((s) => w.is(s) && s.active && s.callback_url === opts.callbackUrl),
  );
  for (const w of pending) {
    const what = `POST webhook_subscriptions/${w.path} (${w.unique_id})`;
    // Adding from an OAuth app makes the platform verify the callback first, hence the longer timeout.
    const added = await platformFetch(
      fetchFn,
      `${base}/${w.path}`,
      { method: 'POST', headers: auth, body: new URLSearchParams(w.form), timeoutMs: 20_000 },
      what,
    );
    if (added.ok) {
      await added.body?.cancel();
      changed++;
      continue;
    }
    const error = await platformErrorFrom(added, what);
    // A refused token, or the platform failing: nothing else would fare better now.
    if (added.status === 401 || added.status >= 500) throw error;
    refused.push({ unique_id: w.unique_id, message: error.message, error });
  }
  // None in place at all (a callback that fails verification refuses them all): say why.
  if (refused.length === wanted.length) throw refused[0]!.error;
  return { changed, refused: refused.map(({ unique_id, message }) => ({ unique_id, message })) };
}

/**
 * Removes Fieldside's own subscriptions (by their unique ids) from the token's account, whatever callback URL they
 * point at: an account whose changes come signed through the add-on needs none. Answers how many it removed; a
 * refused token or an outage throws a PlatformError.
 */
export async function retireSubscriptions(opts: SubscriptionsAccess): Promise<number> {
  const { fetchFn, base, auth, list } = subscriptionsOf(opts);
  const listed = await list();
  const ours = new Set<string>([
    ...FIELDSIDE_SUBSCRIPTIONS.map((s) => s.unique_id),
    ...FIELDSIDE_EVENT_SUBSCRIPTIONS.map((s) => s.unique_id),
  ]);
  let removed = 0;
  for (const item of listed) {
    const s = Listed.safeParse(item);
    if (!s.success || !ours.has(s.data.unique_id)) continue;
    const kind: Record<string, string> | undefined = s.data.event
      ? { event: s.data.event }
      : s.data.object
        ? { object: s.data.object }
        : undefined;
    if (!kind) continue;
    const what = `DELETE webhook_subscriptions (${s.data.unique_id})`;
    const query = new URLSearchParams({ ...kind, unique_id: s.data.unique_id, callback_url: s.data.callback_url });
    const gone = await platformFetch(fetchFn, `${base}?${query}`, { method: 'DELETE', headers: auth }, what);
    if (gone.status === 401 || gone.status >= 500) throw await platformErrorFrom(gone, what);
    await gone.body?.cancel();
    if (gone.ok || gone.status === 404) removed++;
  }
  return removed;
}
