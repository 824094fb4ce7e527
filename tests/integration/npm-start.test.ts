import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PUBLIC_KEY } from '../../contracts/extension-ids';

// `npm start` as a person without a display runs it: the servers come up on 127.0.0.1, the extension
// is built with them as its defaults, the console says how to load it, and Ctrl-C stops everything.
// (With a display it opens Chromium on the same build; the journeys in tests/e2e drive that build.)

const ROOT = resolve(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'fieldside-npm-start-'));
let child: ChildProcessWithoutNullStreams;
let output = '';

/** Whether anything answers at `url` (any status): 'up', else 'down'. */
const upOrDown = (url: string): Promise<'up' | 'down'> =>
  fetch(url).then(
    () => 'up',
    () => 'down',
  );

function waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((done, fail) => {
    const gaveUp = (why: string) => () => {
      clearTimeout(timer);
      child.stdout.off('data', check);
      fail(new Error(`npm start ${why} before printing ${pattern}:\n${output}`));
    };
    const timer = setTimeout(gaveUp(`took over ${timeoutMs} ms`), timeoutMs);
    const ended = gaveUp('ended');
    const check = () => {
      const match = pattern.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      child.off('exit', ended);
      done(match);
    };
    child.stdout.on('data', check);
    child.once('exit', ended);
    check();
  });
}

beforeAll(() => {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, FIELDSIDE_OUT_DIR: out };
  child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
});

afterAll(async () => {
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid, 'SIGINT');
    await exited;
  }
  rmSync(out, { recursive: true, force: true });
});

describe('npm start, without a display', () => {
  it('starts both servers, builds the extension for them, says how to load it, and stops on Ctrl-C', async () => {
    const [, rest, web] = await waitForOutput(
      /Platform emulator: REST (http:\/\/127\.0\.0\.1:\d+); web app and sign-in (http:\/\/127\.0\.0\.1:\d+)/,
      60_000,
    );
    const [, companion] = await waitForOutput(/Companion: +(http:\/\/127\.0\.0\.1:\d+)/, 10_000);
    await waitForOutput(/keep running on 127\.0\.0\.1 until you press Ctrl-C/, 120_000);
    expect(output).toContain(join(out, 'chrome-mv3'));

    const manifest = JSON.parse(readFileSync(join(out, 'chrome-mv3', 'manifest.json'), 'utf8')) as {
      key?: string;
      host_permissions: string[];
    };
    expect(manifest.key).toBe(CHROME_PUBLIC_KEY);
    expect(manifest.host_permissions).toContain('http://127.0.0.1/*');
    // The servers answer, and the build's defaults name them.
    expect((await fetch(`${companion}/health`)).status).toBe(200);
    expect((await fetch(`${web}/login`)).status).toBe(200);
    const background = readFileSync(join(out, 'chrome-mv3', 'background.js'), 'utf8');
    for (const url of [rest!, web!, companion!]) expect(background).toContain(url);

    // Ctrl-C reaches the whole process group: npm ends by the signal, the start script by its own stop.
    const exited = new Promise<[number | null, string | null]>((done) =>
      child.once('exit', (code, signal) => done([code, signal])),
    );
    process.kill(-child.pid!, 'SIGINT');
    const [code, signal] = await exited;
    expect(code === 0 || signal === 'SIGINT').toBe(true);
    await expect.poll(() => upOrDown(`${companion}/health`), { timeout: 10_000 }).toBe('down');
    await expect.poll(() => upOrDown(`${web}/login`), { timeout: 10_000 }).toBe('down');
  }, 200_000);
});
