// A platform that ignores every `$filter`, made from the real emulator (not a test file).
//
// The real platform silently ignores a filter it cannot read and answers every record
// (reference/PLATFORM-NOTES.md, "Filtering"); the emulator does the same under its
// `unparsableFilter: 'ignore'` switch, answering through its own listing, scopes, impersonation and
// cursor pages. Fieldside's filters are well-formed, so to put the product under that behaviour this
// fetch, given to the platform client as its transport (the seam the other integration tests use to
// go offline), wraps each `$filter` in parentheses on the way out: valid OData, which the platform's
// grammar does not take. Everything else reaches the emulator untouched. Each filtered answer is
// noted with the emulator's own `x-emulator-filter-ignored` header and the records that came back,
// so a test can show the filter really was ignored and the answer held records it had to drop.
import type { FetchLike } from '../../../lib/api/buffered-fetch';

export interface IgnoredRead {
  /** The record type read (`jobactivity`, …). */
  type: string;
  /** Why the emulator ignored the filter (its own header), null if it applied it. */
  ignored: string | null;
  /** The records answered, as sent. */
  records: Array<Record<string, unknown>>;
}

export function filterIgnoringFetch(): { fetch: FetchLike; reads: IgnoredRead[] } {
  const reads: IgnoredRead[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const filter = url.searchParams.get('$filter');
    if (filter === null) return globalThis.fetch(request);
    // Rebuilt by hand: URLSearchParams would write spaces as "+", which is not how the client sends them.
    const query = url.search
      .slice(1)
      .split('&')
      .map((pair) =>
        pair.startsWith('%24filter=') || pair.startsWith('$filter=')
          ? `%24filter=${encodeURIComponent(`(${filter})`)}`
          : pair,
      )
      .join('&');
    const response = await globalThis.fetch(new Request(`${url.origin}${url.pathname}?${query}`, request));
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    reads.push({
      type: url.pathname.replace(/^.*\/api_1\.0\//, '').replace(/\.json$/, ''),
      ignored: response.headers.get('x-emulator-filter-ignored'),
      records: Array.isArray(body) ? (body as Array<Record<string, unknown>>) : [],
    });
    return response;
  };
  return { fetch, reads };
}
