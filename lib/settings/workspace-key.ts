import type { SessionRecord } from './items';

// THE rule for whose jobs the extension shows, in one place: the background's view scope (one cache
// per account and staff member) and the popup (which opens that cache itself) must agree, or the
// popup would read a different person's cache. Type-only imports: the popup bundle stays zod-free.

/**
 * The staff member in view: the impersonated one, else "me"; `'all'` with an API key (requests are
 * not made as a staff member, the whole account is visible); null when an OAuth session has not
 * yet answered "who are you" (no view, no cache).
 */
export function staffInView(record: Pick<SessionRecord, 'mode' | 'me' | 'viewAs'>): string | 'all' | null {
  if (record.mode === 'api_key') return 'all';
  return record.viewAs?.uuid ?? record.me?.uuid ?? null;
}
