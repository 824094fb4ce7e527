import { afterAll, beforeAll } from 'vitest';

/** Anything a test file starts and must stop: the stack, a browser. */
export interface Closable {
  close(): Promise<unknown>;
}

/** Hands `started` back, to be closed after the file's last test. */
export type Own = <T extends Closable>(started: T) => T;

/**
 * What a test file starts once for all its tests: `start` runs before the first test, and whatever it passed to
 * `own` is closed after the last one, last started first, even when a later step of `start` failed (a browser
 * launched before a sign-in that timed out is not left running).
 */
export function setUpFile(start: (own: Own) => Promise<void>, timeoutMs?: number): void {
  const started: Closable[] = [];
  beforeAll(
    () =>
      start((closable) => {
        started.push(closable);
        return closable;
      }),
    timeoutMs,
  );
  afterAll(async () => {
    for (const closable of started.reverse()) await closable.close();
  });
}
