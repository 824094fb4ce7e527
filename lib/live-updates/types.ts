// The change feed's shapes are the companion's contract (contracts/companion-http.ts); this is the
// extension's error for a feed request that failed.
export type { ReadFeedChange as FeedChange, ReadFeedPage as FeedPage } from '../../contracts/companion-http';

/** A feed request the companion refused or could not answer; `status` 0 is a network failure. */
export class FeedError extends Error {
  override readonly name = 'FeedError';
  constructor(
    message: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
export function isFeedError(e: unknown): e is FeedError {
  return e instanceof Error && e.name === 'FeedError';
}
