import { afterEach, describe, expect, it } from 'vitest';
import { startCompanionProcess, type CompanionProcess } from '../../support/companion/companion-process';
import { companionEnv, freePort } from '../../support/companion/env';

// The log of a companion process (main.ts → stdout-log.ts), which writes without waiting for each write: every
// request still has its line, in the order the requests were answered, and a clean stop leaves nothing unwritten.
// No platform is needed: these routes never call it.

let companion: CompanionProcess | undefined;
afterEach(async () => {
  await companion?.stop('SIGKILL');
  companion = undefined;
});

async function start(): Promise<CompanionProcess> {
  const port = await freePort();
  const env = companionEnv({
    baseUrl: 'http://127.0.0.1:9',
    authUrl: 'http://127.0.0.1:9',
    clientId: 'process-log-test',
    clientSecret: 'process-log-test-secret',
  });
  return startCompanionProcess({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
}

const linesOf = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a companion process logs', () => {
  it('a request on a quiet companion soon after it, without waiting for more lines or for the stop', async () => {
    companion = await start();
    expect((await fetch(`${companion.url}/quiet/1`)).status).toBe(404);
    await expect
      .poll(() => linesOf(companion!.output()).some((l) => l.path === '/quiet/1'), { timeout: 5_000, interval: 50 })
      .toBe(true);
  });

  it('every request of a burst, in the order answered, and its stop, with nothing left unwritten at exit', async () => {
    companion = await start();
    const BURST = 600;
    // Many at once, so that lines are written while earlier ones are still being written.
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => fetch(`${companion!.url}/burst/${i}`).then((r) => r.status)),
    );
    expect(answers.every((status) => status === 404)).toBe(true);
    // One after another: their lines must come in this order.
    for (let i = 0; i < 20; i++) expect((await fetch(`${companion.url}/in-turn/${i}`)).status).toBe(404);
    // A webhook path is logged without its secret part.
    expect((await fetch(`${companion.url}/webhooks/not-a-callback`, { method: 'POST', body: '{}' })).status).toBe(404);
    // Stopped right after the last answer: its line and the stop's must still reach the output.
    await companion.stop('SIGTERM');

    const lines = linesOf(companion.output());
    for (const line of lines) {
      expect(line.level).toMatch(/^(info|warn|error)$/);
      expect(new Date(String(line.time)).toISOString()).toBe(line.time);
    }
    expect(lines[0]).toMatchObject({ event: 'listening', url: companion.url });
    expect(lines.slice(-2)).toMatchObject([{ event: 'stopping', signal: 'SIGTERM' }, { event: 'stopped' }]);
    const paths = lines.filter((l) => l.method !== undefined).map((l) => String(l.path));
    expect(paths.filter((p) => p.startsWith('/burst/')).sort()).toEqual(
      Array.from({ length: BURST }, (_, i) => `/burst/${i}`).sort(),
    );
    expect(paths.filter((p) => p.startsWith('/in-turn/'))).toEqual(
      Array.from({ length: 20 }, (_, i) => `/in-turn/${i}`),
    );
    expect(paths.at(-1)).toBe('/webhooks/:token');
    expect(lines.at(-3)).toMatchObject({ method: 'POST', path: '/webhooks/:token', status: 404 });
  });
});
