// The platform's clock as seen on its answers (the HTTP `Date` header), for the sync's marks: the
// device clock may be minutes or hours off, and the mark must be in the platform's time.
// Wrap the client's fetch with `clock.fetch` and pass `clock.now` to createCacheSync.

type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export function createServerClock(
  inner: FetchLike = (input, init) => globalThis.fetch(input, init),
  deviceNow: () => number = Date.now,
) {
  let offset: number | null = null;
  const fetchWithClock: FetchLike = async (input, init) => {
    const response = await inner(input, init);
    const header = response.headers.get('date');
    const at = header === null ? Number.NaN : Date.parse(header);
    if (Number.isFinite(at)) {
      // The header has whole seconds: the platform's time is somewhere in [at, at + 1 s). Keep the
      // estimate while it is consistent with that, so readings within one second never move the
      // clock backwards (each sync's mark must be later than the last one); re-anchor only when
      // the platform's clock really moved.
      const device = deviceNow();
      const estimate = offset === null ? null : device + offset;
      if (estimate === null || estimate < at) offset = at - device;
      else if (estimate >= at + 1000) offset = at + 999 - device;
    }
    return response;
  };
  return {
    fetch: fetchWithClock,
    /** Platform time in ms since the epoch: device time corrected by the last `Date` header seen. */
    now: () => deviceNow() + (offset ?? 0),
    /** Whether a `Date` header has been seen yet. */
    calibrated: () => offset !== null,
  };
}
