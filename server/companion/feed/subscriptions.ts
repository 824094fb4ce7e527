import { z } from 'zod';
import { PlatformError, platformErrorFrom, platformFetch } from './platform-error';

/** The webhook subscriptions Fieldside needs: the job and note fields the extension shows, and visits (who sees
 * which job). */
export const FIELDSIDE_SUBSCRIPTIONS = [
  {
    object: 'job',
    unique_id: 'fieldside-job',
    fields: ['status', 'badges', 'job_address', 'job_description', 'company_uuid', 'active', 'generated_job_id'],
  },
  { object: 'note', unique_id: 'fieldside-note', fields: ['note', 'active', 'related_object_uuid'] },
  // A visit booked, moved or given to someone else: who sees the job (feed/visit-jobs.ts).
  { object: 'jobactivity', unique_id: 'fieldside-jobactivity', fields: ['job_uuid', 'staff_uuid', 'active', 'start_date'] },
] as const;

// The list holds object and event subscriptions alike (PLATFORM-NOTES); only object ones can be ours.
// Lenient about representation (fields as an array or a comma list, active as a boolean or 0/1),
// because only the meaning matters for deciding whether a subscription is already right.
const Listed = z.object({
  object: z.string().optional(),
  callback_url: z.string(),
  fields: z.union([z.array(z.string()), z.string().transform((s) => s.split(',').map((f) => f.trim()))]).optional(),
  unique_id: z.string().nullish().transform((v) => v ?? ''),
  active: z.union([z.boolean(), z.number(), z.string()]).transform((v) => v === true || v === 1 || v === '1'),
});

function sameFields(a: readonly string[] | undefined, b: readonly string[]): boolean {
  const set = new Set(a ?? []);
  return set.size === new Set(b).size && b.every((f) => set.has(f));
}

/** A subscription the platform would not take for this app (an object it refuses, a scope it lacks). */
export interface RefusedSubscription {
  unique_id: string;
  message: string;
}

/**
 * Makes sure the token's account has Fieldside's subscriptions, active, pointing at `callbackUrl`.
 * Idempotent by unique_id: a subscription that is already right is left alone; one that differs or is
 * inactive is posted again to /webhook_subscriptions/object (the platform then modifies and reactivates
 * it, after verifying the callback). Each object is subscribed on its own: one the platform refuses is
 * reported and the others are still made. When none is in place (a callback that fails
 * verification refuses them all) it fails with the platform's answer.
 */
export async function ensureSubscriptions(opts: {
  platformBaseUrl: string;
  token: string;
  callbackUrl: string;
  fetch?: typeof fetch;
}): Promise<{ changed: number; refused: RefusedSubscription[] }> {
  const fetchFn = opts.fetch ?? fetch;
  const base = `${opts.platformBaseUrl}/webhook_subscriptions`;
  const auth = { authorization: `Bearer ${opts.token}`, accept: 'application/json' };

  const listWhat = 'GET webhook_subscriptions';
  const res = await platformFetch(fetchFn, `${base}?status=all`, { headers: auth }, listWhat);
  if (!res.ok) throw await platformErrorFrom(res, listWhat);
  const listed = z.array(z.unknown()).safeParse(await res.json().catch(() => null));
  if (!listed.success) throw new PlatformError('The platform answered the subscription list in an unexpected shape', 502);
  const current = listed.data.flatMap((item) => {
    const s = Listed.safeParse(item);
    return s.success && s.data.object ? [s.data] : [];
  });

  let changed = 0;
  const refused: Array<RefusedSubscription & { error: PlatformError }> = [];
  const pending = FIELDSIDE_SUBSCRIPTIONS.filter((wanted) => {
    const have = current.find((s) => s.object === wanted.object && s.unique_id === wanted.unique_id);
    return !(have && have.active && have.callback_url === opts.callbackUrl && sameFields(have.fields, wanted.fields));
  });
  for (const wanted of pending) {
    const form = new URLSearchParams({ object: wanted.object, fields: wanted.fields.join(','), callback_url: opts.callbackUrl, unique_id: wanted.unique_id });
    const what = `POST webhook_subscriptions/object (${wanted.unique_id})`;
    // Adding from an OAuth app makes the platform verify the callback first, hence the longer timeout.
    const added = await platformFetch(fetchFn, `${base}/object`, { method: 'POST', headers: auth, body: form, timeoutMs: 20_000 }, what);
    if (added.ok) {
      await added.body?.cancel();
      changed++;
      continue;
    }
    const error = await platformErrorFrom(added, what);
    // A refused token, or the platform failing: nothing else would fare better now.
    if (added.status === 401 || added.status >= 500) throw error;
    refused.push({ unique_id: wanted.unique_id, message: error.message, error });
  }
  // None in place at all (a callback that fails verification refuses them all): say why.
  if (refused.length === FIELDSIDE_SUBSCRIPTIONS.length) throw refused[0]!.error;
  return { changed, refused: refused.map(({ unique_id, message }) => ({ unique_id, message })) };
}
