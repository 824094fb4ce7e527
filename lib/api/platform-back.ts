import type { FetchLike } from './buffered-fetch';

// The platform answering again after it failed (a 5xx, or no answer at all): any request of the
// background that succeeds then says so, so the outbox sends what waits now instead of when its
// backoff ends (up to 15 minutes later). A 429 is not a failure here: waiting is what it asks for.

/** `base`, telling `onBack` at the first success after a failure. */
export function watchPlatformBack(base: FetchLike, onBack: () => void): FetchLike {
  let failing = false;
  return async (input, init) => {
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      if (!init?.signal?.aborted) failing = true;
      throw error;
    }
    if (response.status >= 500) failing = true;
    else if (failing && response.ok) {
      failing = false;
      onBack();
    }
    return response;
  };
}
