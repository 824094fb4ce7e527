import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { createSignInDriver, firstTechnician, type Tokens } from '../../../server/development/sign-in-driver';
import { forTestExtensions, SIGNING_SECRET } from '../../support/companion/env';

// The companion never logs a secret, a code, a state or a token: a full sign-in and its failure paths run with
// every console method and stdout/stderr captured, and none of those values may appear in what was written.

let stack: DevStack;
let offsetMs = 0;
const output: string[] = [];
const capture = (...args: unknown[]): void => {
  output.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
};

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation(capture);
  stack = await startDevStack({
    emulator: { jobs: 50, quiet: true },
    ...forTestExtensions(),
    companionDeps: { now: () => Date.now() + offsetMs },
  });
});

afterAll(async () => {
  await stack?.close();
  vi.restoreAllMocks();
});

describe('secrets stay out of the logs', () => {
  it('never writes the client secret, signing secret, a code, a state or a token during a full flow', async () => {
    const { companion, emulator } = stack;
    const driver = await createSignInDriver({
      companionUrl: companion.url,
      authUrl: emulator.info.auth_url,
      person: firstTechnician(emulator.info),
    });
    const writes: string[] = [];
    const keep = (chunk: string | Uint8Array): boolean => {
      writes.push(typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk));
      return true;
    };
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(keep);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(keep);
    try {
      const flow = await driver.toCode();
      const { code, state, verifier } = flow;
      const tokens = (await (await driver.exchange(flow)).json()) as Tokens;
      const refreshed = (await (await driver.refresh(tokens.refresh_token)).json()) as Tokens;
      // The failure paths log too: a forged state, a spent code, a refused refresh token, a bad return.
      expect((await driver.exchange({ ...flow, state: 'forged-state' })).status).toBe(400);
      expect((await driver.exchange(flow)).status).toBe(400);
      offsetMs += 61_000; // past the minute a refresh's answer is kept for a retry: the platform refuses it
      expect((await driver.refresh(tokens.refresh_token)).status).toBe(400);
      expect(
        (await fetch(`${companion.url}/oauth/return?code=${code}&state=${encodeURIComponent(state)}x`)).status,
      ).toBe(400);

      const text = [...output, ...writes].join('\n');
      // The companion did log (one line per request), so what follows is about content, not silence.
      expect(text).toContain('"/oauth/token"');
      expect(text).toContain('"/oauth/return"');
      const secrets = [
        emulator.info.app.client_secret,
        SIGNING_SECRET,
        code,
        state,
        verifier,
        tokens.access_token,
        tokens.refresh_token,
        refreshed.access_token,
        refreshed.refresh_token,
      ];
      for (const secret of secrets) {
        expect(secret.length).toBeGreaterThan(8);
        expect(text).not.toContain(secret);
      }
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  });
});
