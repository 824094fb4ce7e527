import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import { startEmulator, type StartedEmulator } from '../../../server/emulator/start';
import { buildToEmptyFolder, spawnBuilt } from '../../support/companion/built-companion';
import { bearer, issuePasses } from '../../support/companion/feed-client';
import { createTestInstallation } from '../../support/companion/installation';
import { sealRefreshToken } from '../../../server/companion/oauth/sealed-refresh-token';
import { CHROME_ID, emulatorPlatformEnv, SIGNING_SECRET } from '../../support/companion/env';

// A deploy or a scale-down sends the companion SIGTERM. The built companion, run as production runs it, then
// stops taking connections, ends its open change streams cleanly (their clients reconnect, to another instance,
// and resume from their last position), lets a request under way finish, and exits 0.
// Development mode only because the emulator, the platform here, speaks http on 127.0.0.1.

let folder: Awaited<ReturnType<typeof buildToEmptyFolder>>;
let emulator: StartedEmulator;

beforeAll(async () => {
  folder = await buildToEmptyFolder();
  emulator = await startEmulator({ jobs: 10, quiet: true });
});
afterAll(async () => {
  await emulator?.close();
  folder?.remove();
});

/** A token of the account's technician with its pass, as the companion hands one out with a token. */
async function token(): Promise<string> {
  const account = emulator.info.accounts[0]!;
  const person = account.staff.find((s) => s.role === 'technician' && s.active)!;
  const { access_token } = await emulator.control.issueTokens(account.uuid, person.uuid, ['vendor', 'read_jobs']);
  await issuePasses(SIGNING_SECRET, { [access_token]: account.uuid });
  return access_token;
}

/** Reads a stream to its end: how it ended (the server closing it cleanly, or the connection cut) and what came. */
async function readToEnd(response: Response): Promise<{ clean: boolean; text: string }> {
  let text = '';
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      text += new TextDecoder().decode(chunk);
    return { clean: true, text };
  } catch {
    return { clean: false, text };
  }
}

/** A request on a connection of its own (no pooled keep-alive one): whether the companion still accepts any. */
function freshConnection(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(`${url}/health`, { agent: false }, (res) => {
      res.resume();
      resolve(`answered ${res.statusCode}`);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end();
  });
}

describe('the built companion on SIGTERM', () => {
  it('ends its change streams cleanly, refuses new connections, finishes the request under way, then exits 0', async () => {
    const companion = await spawnBuilt(folder.dir, {
      ...emulatorPlatformEnv(emulator.info),
      ALLOWED_EXTENSION_IDS: CHROME_ID,
      SIGNING_SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      SHUTDOWN_GRACE_SECONDS: '20',
    });
    try {
      const stream = await fetch(`${companion.url}${COMPANION_PATHS.feedStream}`, { headers: bearer(await token()) });
      expect(stream.status).toBe(200);
      const streamed = readToEnd(stream);

      // A request under way: a refresh, whose token request the platform holds unanswered until the test lets it go,
      // after the signal (a delay of 1.5 s could run out on a loaded machine before the checks below that it is
      // still under way).
      const before = (await emulator.control.stats()).faultsInjected;
      await emulator.control.injectFault({ kind: 'hold', pathPrefix: '/oauth/access_token', count: 1 });
      const account = emulator.info.accounts[0]!;
      const person = account.staff.find((s) => s.role === 'technician' && s.active)!;
      const issued = await emulator.control.issueTokens(account.uuid, person.uuid, ['vendor', 'read_jobs']);
      const installation = await createTestInstallation();
      const sealed = await sealRefreshToken(SIGNING_SECRET, {
        refreshToken: issued.refresh_token,
        key: installation.key,
        account: account.uuid,
      });
      const refresh = fetch(`${companion.url}${COMPANION_PATHS.oauthRefresh}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: sealed, proof: await installation.prove(sealed) }),
      });
      await expect
        .poll(async () => (await emulator.control.stats()).faultsInjected, { timeout: 10_000 })
        .toBe(before + 1);

      const exited = companion.stop('SIGTERM');
      const ended = await streamed;
      expect(ended.clean).toBe(true);
      expect(ended.text).toContain(': connected');
      await expect.poll(() => freshConnection(companion.url), { timeout: 5_000 }).toBe('ECONNREFUSED');
      expect(companion.child.exitCode).toBeNull(); // still finishing the request under way

      await emulator.control.clearFaults();
      const refreshed = await refresh;
      expect(refreshed.status).toBe(200);
      expect(await refreshed.json()).toMatchObject({ access_token: expect.any(String) });
      expect((await exited).code).toBe(0);
      expect(companion.lines.map((l) => l.event).filter(Boolean)).toEqual(['listening', 'stopping', 'stopped']);
    } finally {
      await companion.stop('SIGKILL');
    }
  });
});
