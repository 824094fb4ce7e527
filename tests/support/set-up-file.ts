import { afterAll, beforeAll } from 'vitest';
import { setUpProgress } from './set-up-steps';

/** Anything a test file starts and must stop: the stack, a browser. */
export interface Closable {
  close(): Promise<unknown>;
}

/** Hands `started` back, to be closed after the file's last test. */
export type Own = <T extends Closable>(started: T) => T;

/** The set-up's time when the file gives none: the e2e project's hook timeout. */
const DEFAULT_TIMEOUT_MS = 120_000;
/** The set-up gives up this long before the runner's hook timeout, so that its own message is the one reported. */
const REPORT_MARGIN_MS = 3_000;

/**
 * What a test file starts once for all its tests: `start` runs before the first test, and whatever it passed to
 * `own` is closed after the last one, last started first, even when a later step of `start` failed (a browser
 * launched before a sign-in that timed out is not left running). A set-up that does not finish in time fails with
 * the step it was waiting on (support/set-up-steps.ts).
 */
export function setUpFile(start: (own: Own) => Promise<void>, timeoutMs = DEFAULT_TIMEOUT_MS): void {
  const started: Closable[] = [];
  beforeAll(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limitMs = timeoutMs - REPORT_MARGIN_MS;
    const tooLong = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The set-up did not finish in ${limitMs / 1000} s: ${setUpProgress()}`)),
        limitMs,
      );
    });
    const own: Own = (closable) => {
      started.push(closable);
      return closable;
    };
    try {
      await Promise.race([start(own), tooLong]);
    } finally {
      clearTimeout(timer);
    }
  }, timeoutMs);
  afterAll(async () => {
    for (const closable of started.reverse()) await closable.close();
  });
}
