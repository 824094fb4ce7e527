import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from './contracts';
import { startEmulator } from './start';

// Clients take the platform's time from its Date header (the extension's sync marks), so the
// header must follow the emulator's controllable clock like everything else it dates.
let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ jobs: 50, seed: 5, quiet: true, authPort: 0 });
});
afterAll(() => emu.close());

async function dateOf(url: string, init?: RequestInit): Promise<number> {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  const header = res.headers.get('date');
  expect(header).not.toBeNull();
  return Date.parse(header!);
}

describe('the Date header', () => {
  it('is the emulator clock, on answers, errors and the separate OAuth server, before and after it moves', async () => {
    const apiKey = emu.info.accounts[0]!.api_key;
    const answers = () =>
      Promise.all([
        dateOf(`${emu.info.base_url}/api_1.0/job.json?cursor=-1`, { headers: { 'X-API-Key': apiKey } }),
        dateOf(`${emu.info.base_url}/api_1.0/job.json?cursor=-1`), // 401
        dateOf(`${emu.info.auth_url}/oauth/access_token`, { method: 'POST' }), // 400, other port
      ]);
    for (const step of [0, 2 * 3600]) {
      await emu.control.advanceClock(step);
      const now = await emu.control.now();
      for (const date of await answers()) {
        // Whole seconds in the header; a second or two may pass between the reads.
        expect(Math.abs(date - now)).toBeLessThan(3_000);
      }
    }
    expect(Math.abs((await emu.control.now()) - Date.now() - 2 * 3600_000)).toBeLessThan(3_000);
  });
});
