import { existsSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_ENTRY_FILE } from '../../server/companion/build';
import { buildToEmptyFolder, spawnBuilt, type BuiltCompanion } from '../support/companion/built-companion';
import { CHROME_ID } from '../support/companion/env';

// `npm run companion:build` as production uses it: the build alone in an empty folder (no node_modules there or
// in any folder above it), started with plain `node` and a production environment (https URLs, its own signing
// secret, COMPANION_ENV unset), answers /health, /ready and its home page, and stops on SIGTERM or SIGINT by
// itself. The platform's https hosts are never called by these routes, so none needs to exist.

const CLIENT_SECRET = 'the-app-secret-of-the-production-test-0123';
const SIGNING_SECRET = 'the-signing-secret-of-the-production-test-4567';

const PRODUCTION: Record<string, string> = {
  PLATFORM_BASE_URL: 'https://api.platform.invalid',
  PLATFORM_AUTH_URL: 'https://go.platform.invalid',
  CLIENT_ID: 'fieldside-production-test',
  CLIENT_SECRET,
  ALLOWED_EXTENSION_IDS: `${CHROME_ID},fieldside@fieldside.app`,
  PUBLIC_URL: 'https://companion.fieldside.invalid',
  SIGNING_SECRET,
  HOST: '127.0.0.1',
  PORT: '0',
};

let folder: Awaited<ReturnType<typeof buildToEmptyFolder>>;
beforeAll(async () => {
  folder = await buildToEmptyFolder();
});
afterAll(() => folder?.remove());

/** Every folder from `dir` up to the root: none may hold a node_modules the build could fall back on. */
function foldersUp(dir: string): string[] {
  const all = [dir];
  while (dirname(all.at(-1)!) !== all.at(-1)) all.push(dirname(all.at(-1)!));
  return all;
}

describe('the companion build', () => {
  it('is one ES module that imports nothing but Node built-ins', () => {
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    expect(folder.build.externals).toContain('node:http');
    expect(folder.build.externals.filter((s) => !builtins.has(s))).toEqual([]);
    expect(readdirSync(folder.dir).sort()).toEqual([BUILD_ENTRY_FILE, `${BUILD_ENTRY_FILE}.map`]);
    for (const dir of foldersUp(folder.dir)) expect(existsSync(join(dir, 'node_modules')), dir).toBe(false);
  });

  it('starts with plain node in production, answers /health, /ready and its home page, and stops on SIGTERM', async () => {
    const started = performance.now();
    const companion = await spawnBuilt(folder.dir, PRODUCTION);
    let health: Response;
    try {
      health = await fetch(`${companion.url}/health`);
      console.log(
        `companion build: ${folder.build.bytes} bytes; cold start to /health ${Math.round(performance.now() - started)} ms`,
      );
      expect(companion.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });
      const ready = await fetch(`${companion.url}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true });
      const home = await fetch(`${companion.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Get the extension');
    } finally {
      await expectGracefulStop(companion, 'SIGTERM');
    }
  });

  it('stops the same way on SIGINT (Ctrl-C)', async () => {
    await expectGracefulStop(await spawnBuilt(folder.dir, PRODUCTION), 'SIGINT');
  });

  it('refuses to start without its secrets, or with one secret for both, naming the variables and never their values', async () => {
    const { CLIENT_SECRET: _app, SIGNING_SECRET: _signing, ...without } = PRODUCTION;
    await expect(spawnBuilt(folder.dir, without)).rejects.toThrow(
      /"event":"start_failed".*CLIENT_SECRET: required \(the add-on's App Secret\).*SIGNING_SECRET: required outside development/,
    );
    const reused = spawnBuilt(folder.dir, { ...PRODUCTION, SIGNING_SECRET: CLIENT_SECRET });
    await expect(reused).rejects.toThrow(/SIGNING_SECRET: must differ from CLIENT_SECRET/);
    await expect(reused).rejects.not.toThrow(CLIENT_SECRET);
    const http = spawnBuilt(folder.dir, { ...PRODUCTION, PUBLIC_URL: 'http://companion.fieldside.invalid' });
    await expect(http).rejects.toThrow(/PUBLIC_URL: must be an https URL outside development/);
    await expect(http).rejects.not.toThrow(/companion\.fieldside\.invalid/);
  });
});

async function expectGracefulStop(companion: BuiltCompanion, signal: NodeJS.Signals): Promise<void> {
  const { code } = await companion.stop(signal);
  expect(code).toBe(0);
  expect(companion.lines.map((l) => l.event).filter(Boolean)).toEqual(['listening', 'stopping', 'stopped']);
  expect(companion.lines.find((l) => l.event === 'stopping')?.signal).toBe(signal);
  // Every line is JSON with a time and a level, and none carries a secret.
  for (const line of companion.lines)
    expect(line).toMatchObject({ time: expect.any(String), level: expect.any(String) });
  for (const secret of [CLIENT_SECRET, SIGNING_SECRET]) expect(JSON.stringify(companion.lines)).not.toContain(secret);
  await expect(fetch(`${companion.url}/health`)).rejects.toThrow();
}
