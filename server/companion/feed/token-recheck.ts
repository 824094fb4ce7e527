import { platformErrorFrom, platformFetch } from './platform-error';

// Whether the platform still takes an access token (FEED_STREAM_RECHECK_SECONDS, off by default): one vendor.json,
// asked only for a stream opened with a good pass. An outage is not a refusal.

export function createTokenRecheck(opts: { platformBaseUrl: string; fetch?: typeof fetch }) {
  const fetchFn = opts.fetch ?? fetch;
  return async (token: string): Promise<boolean> => {
    const what = 'GET vendor.json';
    try {
      const res = await platformFetch(
        fetchFn,
        `${opts.platformBaseUrl}/api_1.0/vendor.json`,
        { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
        what,
      );
      if (res.ok) {
        await res.body?.cancel();
        return true;
      }
      return (await platformErrorFrom(res, what)).status === 502;
    } catch {
      return true;
    }
  };
}
