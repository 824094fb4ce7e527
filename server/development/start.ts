// `npm start`: the whole thing on one machine, signed in to nothing, on the seeded data.
// 1. picks the companion's port (8787 if free) first, because the emulator's Return URL must point at it;
// 2. starts the platform emulator (8080 if free) and the companion, in this process;
// 3. builds the Chrome extension with those URLs as its default connection;
// 4. opens Chromium with a fresh temporary profile and the extension loaded, or, with no display,
//    says how to load .output/chrome-mv3 by hand, and keeps the servers running until Ctrl-C.
// On exit it stops everything it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROME_EXTENSION_ID } from '../../contracts/extension-ids';
import { BUILD_ENV_KEYS } from '../../contracts/platform-hosts';
import { startDevStack } from './dev-stack';
import { freePort } from './free-port';

const ROOT = resolve(import.meta.dirname, '../..');
// FIELDSIDE_OUT_DIR (as in wxt.config.ts) lets tests/integration/npm-start.test.ts build elsewhere.
const EXTENSION_DIR = resolve(ROOT, process.env.FIELDSIDE_OUT_DIR ?? '.output', 'chrome-mv3');
/** Where Chromium usually is on each system; CHROMIUM_PATH wins (Chromium, or Chrome for Testing: recent
 * Google Chrome releases ignore the flag that loads an unpacked extension). */
const CHROMIUM_CANDIDATES: Record<string, string[]> = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'],
  darwin: ['/Applications/Chromium.app/Contents/MacOS/Chromium'],
  win32: [
    join(process.env.LOCALAPPDATA ?? '', 'Chromium', 'Application', 'chrome.exe'),
    'C:\\Program Files\\Chromium\\Application\\chrome.exe',
  ],
};
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (CHROMIUM_CANDIDATES[process.platform] ?? []).find((path) => existsSync(path)) ??
  CHROMIUM_CANDIDATES[process.platform]?.[0] ??
  'chromium';
/** macOS and Windows always have a screen; Linux has one where X or Wayland runs. */
const HAS_DISPLAY =
  process.platform === 'darwin' ||
  process.platform === 'win32' ||
  !!process.env.DISPLAY ||
  !!process.env.WAYLAND_DISPLAY;

function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

async function pickPort(preferred: number): Promise<number> {
  return (await portFree(preferred)) ? preferred : freePort();
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

const cleanups: (() => Promise<void> | void)[] = [];
let stopping: Promise<never> | undefined;
/** Runs every cleanup once, in reverse order, then exits; later callers wait for the same stop. */
function stop(code: number): Promise<never> {
  stopping ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('While stopping:', error);
      }
    }
    process.exit(code);
  })();
  return stopping;
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  // The companion's port is picked first: the emulator's Return URL must name it (startDevStack).
  const stack = await startDevStack({
    companionPort: await pickPort(8787),
    emulator: { port: await pickPort(8080), authPort: await pickPort(8081) },
  });
  cleanups.push(() => stack.close());
  const { emulator, companion } = stack;

  console.log(`Platform emulator: REST ${emulator.info.base_url}; web app and sign-in ${emulator.info.web_url}`);
  console.log(`Companion:         ${companion.url}`);
  console.log(
    `Add-on store:      ${emulator.info.web_url}/addons (an administrator activates Fieldside there for their account)`,
  );
  console.log(
    `Emulator controls: ${emulator.info.base_url}/_emulator/… with the header x-emulator-control: ${emulator.info.control_token}`,
  );
  for (const account of emulator.info.accounts) {
    console.log(`\nAccount "${account.name}" (API key ${account.api_key}); sign in as any of:`);
    for (const s of account.staff.filter((x) => x.active)) console.log(`  - ${s.name} <${s.email}> (${s.role})`);
  }

  console.log('\nBuilding the Chrome extension with these servers as its defaults…');
  const build: NodeJS.ProcessEnv = { ...process.env };
  for (const key of BUILD_ENV_KEYS) delete build[key];
  await run('npx', ['wxt', 'build'], {
    ...build,
    WXT_REST_URL: emulator.info.base_url,
    WXT_AUTH_URL: emulator.info.auth_url,
    WXT_WEB_URL: emulator.info.web_url,
    WXT_COMPANION_URL: companion.url,
  });

  if (!HAS_DISPLAY) {
    console.log(`
No display here, so no browser was opened. To try Fieldside, load the built extension yourself:
  Chrome/Chromium: open chrome://extensions, turn on Developer mode, "Load unpacked", choose
    ${EXTENSION_DIR}
  (its id is ${CHROME_EXTENSION_ID}; it opens its first-run page on install: click "Sign in with the platform").
The emulator and the companion keep running on 127.0.0.1 until you press Ctrl-C.`);
  } else if (!existsSync(CHROMIUM)) {
    console.log(
      `\nChromium is not at ${CHROMIUM}: set CHROMIUM_PATH to your Chromium or Chrome for Testing (Linux: apt-get install -y chromium), or load ${EXTENSION_DIR} as an unpacked extension in chrome://extensions (Developer mode, "Load unpacked").`,
    );
  } else {
    const profile = mkdtempSync(join(tmpdir(), 'fieldside-start-'));
    cleanups.push(() => rmSync(profile, { recursive: true, force: true }));
    const args = [
      `--user-data-dir=${profile}`,
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--no-first-run',
      '--no-default-browser-check',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      emulator.info.web_url,
    ];
    const browser: ChildProcess = spawn(CHROMIUM, args, { stdio: 'ignore' });
    cleanups.push(
      () =>
        new Promise<void>((done) => {
          if (browser.exitCode !== null || browser.pid === undefined) return done();
          browser.once('exit', () => done());
          browser.kill('SIGTERM');
        }),
    );
    browser.once('exit', () => {
      console.log('Chromium closed; stopping the servers.');
      void stop(0);
    });
    console.log(
      `\nChromium is open with a fresh profile and Fieldside loaded (pid ${browser.pid}). Ctrl-C stops everything.`,
    );
  }
} catch (error) {
  console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
