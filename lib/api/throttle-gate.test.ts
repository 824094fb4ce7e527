import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThrottleGate } from './throttle-gate';
import { sleepClock } from './testing/sleep-clock';

const gateOn = (clock: ReturnType<typeof sleepClock>, random = () => 0.999_999) =>
  createThrottleGate({ baseMs: 100, maxMs: 400, now: clock.now, sleep: clock.sleep, random });

afterEach(() => vi.useRealTimers());

describe('the throttle gate', () => {
  it('lets every request through while the platform answers', async () => {
    const clock = sleepClock();
    const gate = gateOn(clock);
    const ends = await Promise.all([1, 2, 3].map(() => gate.pass()));
    for (const end of ends) end('answered');
    expect(clock.sleeps).toEqual([]);
    expect(gate.throttled).toBe(false);
  });

  it('after a refusal, one request at a time, each after a pause that grows while refused; the first answer ends it', async () => {
    const clock = sleepClock();
    const gate = gateOn(clock);
    const first = await gate.pass();
    first('throttled');
    expect(gate.throttled).toBe(true);

    const probe = await gate.pass();
    expect(clock.sleeps).toEqual([100]);
    // The next waits for the probe's answer, however long it takes, before its own pause.
    let nextIn = false;
    const next = gate.pass().then((end) => ((nextIn = true), end));
    await new Promise((r) => setTimeout(r, 10));
    expect(nextIn).toBe(false);
    probe('throttled');
    (await next)('throttled');
    expect(clock.sleeps).toEqual([100, 200]);
    (await gate.pass())('throttled');
    (await gate.pass())('answered');
    expect(clock.sleeps).toEqual([100, 200, 400, 400]); // the longest pause repeats
    expect(gate.throttled).toBe(false);
    await Promise.all([gate.pass(), gate.pass()]);
    expect(clock.sleeps).toHaveLength(4);
  });

  it('jitters each pause between half its step and all of it', async () => {
    const pauses = [];
    for (const random of [0, 0.5]) {
      const clock = sleepClock();
      const gate = gateOn(clock, () => random);
      (await gate.pass())('throttled');
      await gate.pass();
      pauses.push(clock.sleeps[0]);
    }
    expect(pauses).toEqual([50, 75]);
  });

  it('takes the refusals of requests sent before the first one was known as old news', async () => {
    const clock = sleepClock();
    const gate = gateOn(clock);
    const wave = await Promise.all([1, 2, 3, 4].map(() => gate.pass()));
    for (const end of wave) end('throttled');
    (await gate.pass())('answered');
    expect(clock.sleeps).toEqual([100]); // one refusal counted, not four
  });

  it('frees the gate when a request gets no answer, without counting it as a refusal', async () => {
    const clock = sleepClock();
    const gate = gateOn(clock);
    (await gate.pass())('throttled');
    const probe = await gate.pass();
    probe('noAnswer');
    probe('answered'); // told once: later calls are ignored
    expect(gate.throttled).toBe(true);
    await gate.pass();
    expect(clock.sleeps).toEqual([100]); // no second pause: the refusals did not grow, the pause had run
  });

  it('lets a waiter go on abort without jamming the gate', async () => {
    const clock = sleepClock();
    const gate = gateOn(clock);
    (await gate.pass())('throttled');
    const probe = await gate.pass();
    const controller = new AbortController();
    const waiting = gate.pass(controller.signal);
    controller.abort(new Error('panel closed'));
    await expect(waiting).rejects.toThrow('panel closed');
    probe('answered');
    await gate.pass();
  });

  it('frees the gate after a while if a request never says how it ended', async () => {
    vi.useFakeTimers();
    const clock = sleepClock();
    const gate = createThrottleGate({ baseMs: 100, maxMs: 400, attemptMs: 5_000, now: clock.now, sleep: clock.sleep });
    (await gate.pass())('throttled');
    await gate.pass(); // never told
    let through = false;
    const next = gate.pass().then(() => (through = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(through).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(through).toBe(true);
  });
});
