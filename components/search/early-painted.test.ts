import { describe, expect, it } from 'vitest';
import { earlyPainted, type DrawnEarly } from './early-screen';

// The popup's model starts after `earlyPainted` (entrypoints/popup/main.tsx): once the early script's rows are painted,
// so its work stays out of their frame; at once when there is no early script; never held up by a failed drawing.

/** Whether `promise` has settled after the microtasks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

describe('earlyPainted', () => {
  it('waits for the early rows to be painted, then resolves', async () => {
    let painted!: (drawn: DrawnEarly | undefined) => void;
    const drawn = new Promise<DrawnEarly | undefined>((resolve) => (painted = resolve));
    const after = earlyPainted({ drawn });
    expect(await settled(after)).toBe(false);
    painted(undefined);
    expect(await settled(after)).toBe(true);
  });

  it('resolves at once when the early script set nothing (it did not run, or ran after the App)', async () => {
    expect(await settled(earlyPainted({}))).toBe(true);
    expect(await settled(earlyPainted({ appStarted: true }))).toBe(true);
  });

  it('resolves when the drawing failed: the model still starts', async () => {
    const after = earlyPainted({ drawn: Promise.reject(new Error('no storage')) });
    expect(await settled(after)).toBe(true);
    await expect(after).resolves.toBeUndefined();
  });
});
