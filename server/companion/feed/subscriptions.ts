import { z } from 'zod';
import { PlatformError, platformErrorFrom, platformFetch } from './platform-error';

/** The webhook subscriptions Fieldside needs: the job and note fields the extension shows. */
export const FIELDSIDE_SUBSCRIPTIONS = [
  {
    object: 'job',
    unique_id: 'fieldside-job',
    fields: ['status', 'badges', 'job_address', 'job_description', 'company_uuid', 'active', 'generated_job_id'],
  },
  { object: 'note', unique_id: 'fieldside-note', fields: ['note', 'active', 'related_object_uuid'] },
] as const;

// Lenient about representation (fields as an array or a comma list, active as a boolean or 0/1),
// because only the meaning matters for deciding whether a subscription is already right.
const Listed = z.object({
  object: z.string(),
  callback_url: z.string(),
  fields: z.union([z.array(z.string()), z.string().transform((s) => s.split(',').map((f) => f.trim()))]),
  unique_id: z.string().nullish().transform((v) => v ?? ''),
  active: z.union([z.boolean(), z.number(), z.string()]).transform((v) => v === true || v === 1 || v === '1'),
});

function sameFields(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((f) => set.has(f));
}

/**
 * Makes sure the token's account has Fieldside's subscriptions, active, pointing at `callbackUrl`.
 * Idempotent by unique_id: a subscription that is already right is left alone; one that differs or is
 * inactive is posted again (the platform then modifies and reactivates it, after verifying the callback).
 * Answers how many were added or modified.
 */
export async function ensureSubscriptions(opts: {
  platformBaseUrl: string;
  token: string;
  callbackUrl: string;
  fetch?: typeof fetch;
}): Promise<{ changed: number }> {
  const fetchFn = opts.fetch ?? fetch;
  const base = `${opts.platformBaseUrl}/webhook_subscriptions`;
  const auth = { authorization: `Bearer ${opts.token}`, accept: 'application/json' };

  const listWhat = 'GET webhook_subscriptions';
  const res = await platformFetch(fetchFn, `${base}?status=all`, { headers: auth }, listWhat);
  if (!res.ok) throw await platformErrorFrom(res, listWhat);
  const listed = z.array(Listed).safeParse(await res.json().catch(() => null));
  if (!listed.success) throw new PlatformError('The platform answered the subscription list in an unexpected shape', 502);

  let changed = 0;
  for (const wanted of FIELDSIDE_SUBSCRIPTIONS) {
    const current = listed.data.find((s) => s.object === wanted.object && s.unique_id === wanted.unique_id);
    if (current && current.active && current.callback_url === opts.callbackUrl && sameFields(current.fields, wanted.fields)) {
      continue;
    }
    const form = new URLSearchParams({
      object: wanted.object,
      fields: wanted.fields.join(','),
      callback_url: opts.callbackUrl,
      unique_id: wanted.unique_id,
    });
    const addWhat = `POST webhook_subscriptions (${wanted.unique_id})`;
    // Adding from an OAuth app makes the platform verify the callback first, hence the longer timeout.
    const added = await platformFetch(fetchFn, base, { method: 'POST', headers: auth, body: form, timeoutMs: 20_000 }, addWhat);
    if (!added.ok) throw await platformErrorFrom(added, addWhat);
    await added.body?.cancel();
    changed++;
  }
  return { changed };
}
