// A fetch that reads the whole body before resolving. A connection dropped in the middle of a body
// then fails inside fetch, where ky sees a network error and retries it, instead of failing later
// in `response.text()`, outside ky's retry loop.
//
// The text is kept beside the Response (bodyText) rather than wrapped back into a new body: for a
// full page, re-encoding and decoding again would cost more than the client's whole overhead
// budget (bench/client.ts).
export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

const texts = new WeakMap<Response, string>();

export function bufferedFetch(base: FetchLike): FetchLike {
  return async (input, init) => {
    const response = await base(input, init);
    const text = await response.text();
    const out = new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
    texts.set(out, text);
    return out;
  };
}

/** The body read by bufferedFetch; reads the stream for any other Response. */
export async function bodyText(response: Response): Promise<string> {
  return texts.get(response) ?? (await response.text());
}
