import { describe, expect, it } from 'vitest';
import { keepNotActivated, NOT_ACTIVATED_KEPT_MS } from './not-activated-kept';

// The webhook intake's "has the account activated Fieldside?": a "no" is kept in the instance for a bounded time, a
// "yes" never, and an activation through this instance is seen at once. The bound across instances sharing one Redis
// is tested with two companion processes (tests/integration/companion/activation-across-instances.test.ts).

function keeper(initially: boolean) {
  let activated = initially;
  let reads = 0;
  let clock = 0;
  let held: Promise<void> | undefined;
  const kept = keepNotActivated(
    async () => {
      reads++;
      const answer = activated;
      const wait = held;
      held = undefined;
      await wait;
      return answer;
    },
    () => clock,
  );
  return {
    kept,
    reads: () => reads,
    set: (yes: boolean) => (activated = yes),
    advance: (ms: number) => (clock += ms),
    /** The next read waits until `go` is called. */
    hold: () => {
      let go = () => {};
      held = new Promise<void>((resolve) => (go = resolve));
      return go;
    },
  };
}

describe('the intake\'s "not activated", kept per instance', () => {
  it('is read once within its bound, and read again after it', async () => {
    const k = keeper(false);
    expect(await k.kept.activated('a')).toBe(false);
    k.advance(NOT_ACTIVATED_KEPT_MS - 1);
    expect(await k.kept.activated('a')).toBe(false);
    expect(k.reads()).toBe(1);
    k.set(true);
    k.advance(1);
    expect(await k.kept.activated('a')).toBe(true);
    expect(k.reads()).toBe(2);
  });

  it('keeps no "activated": an account that disabled the add-on is seen at its next delivery', async () => {
    const k = keeper(true);
    expect(await k.kept.activated('a')).toBe(true);
    k.set(false);
    expect(await k.kept.activated('a')).toBe(false);
    expect(k.reads()).toBe(2);
  });

  it('is forgotten by an activation through this instance, and accounts are kept apart', async () => {
    const k = keeper(false);
    expect(await k.kept.activated('a')).toBe(false);
    expect(await k.kept.activated('b')).toBe(false);
    k.set(true);
    k.kept.forget('a');
    expect(await k.kept.activated('a')).toBe(true);
    expect(await k.kept.activated('b')).toBe(false);
    expect(k.reads()).toBe(3);
  });

  it('does not keep a "no" read before an activation through this instance and answered after it', async () => {
    const k = keeper(false);
    const go = k.hold();
    const before = k.kept.activated('a');
    k.set(true);
    k.kept.forget('a');
    go();
    expect(await before).toBe(false);
    expect(await k.kept.activated('a')).toBe(true);
  });
});
