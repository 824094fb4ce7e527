import { describe, expect, it } from 'vitest';
import { createServerClock } from './server-clock';

describe('createServerClock', () => {
  it("follows the platform's Date header, not the device clock", async () => {
    let device = Date.parse('2026-03-01T10:00:00Z');
    const answers = ['Sun, 01 Mar 2026 10:05:00 GMT', null];
    const clock = createServerClock(
      async () => {
        const date = answers.shift();
        return new Response('[]', { headers: date ? { date } : {} });
      },
      () => device,
    );
    expect(clock.calibrated()).toBe(false);
    expect(clock.now()).toBe(device); // nothing seen yet: the device clock
    await clock.fetch('http://127.0.0.1/api_1.0/vendor.json');
    expect(clock.calibrated()).toBe(true);
    expect(clock.now()).toBe(Date.parse('2026-03-01T10:05:00Z'));
    device += 60_000; // a minute passes on the device: the platform clock moves with it
    await clock.fetch('http://127.0.0.1/api_1.0/job.json'); // no Date header: the last offset stays
    expect(clock.now()).toBe(Date.parse('2026-03-01T10:06:00Z'));
  });

  it('never moves backwards for readings within one second, and follows a real jump', async () => {
    let device = 1_000_000;
    let date = 'Sun, 01 Mar 2026 10:05:00 GMT';
    const clock = createServerClock(
      async () => new Response('[]', { headers: { date } }),
      () => device,
    );
    await clock.fetch('http://127.0.0.1/a');
    const first = clock.now();
    device += 700; // later in the same platform second: the header still says 10:05:00
    await clock.fetch('http://127.0.0.1/b');
    expect(clock.now()).toBe(first + 700);
    device += 200; // the header moves to 10:05:01 while our estimate is still inside 10:05:00
    date = 'Sun, 01 Mar 2026 10:05:01 GMT';
    await clock.fetch('http://127.0.0.1/c');
    expect(clock.now()).toBe(Date.parse('2026-03-01T10:05:01Z'));
    expect(clock.now()).toBeGreaterThan(first + 900);
    date = 'Sun, 01 Mar 2026 09:00:00 GMT'; // the platform's clock was set back an hour
    await clock.fetch('http://127.0.0.1/d');
    expect(clock.now()).toBe(Date.parse('2026-03-01T09:00:00.999Z'));
  });
});
