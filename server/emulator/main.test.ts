import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { EmulatorInfo } from './contracts';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** main.ts started with `args`: `readInfo()` is the EmulatorInfo of its first line (failing if it exits before one). */
function startMain(args: string[], stderr: 'pipe' | 'inherit') {
  const child = spawn(tsx, [main, ...args], { stdio: ['ignore', 'pipe', stderr] });
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const output = child.stdout!; // piped: stdio[1]
  let stdout = '';
  output.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  async function readInfo(): Promise<EmulatorInfo> {
    while (!stdout.includes('\n')) {
      await Promise.race([
        once(output, 'data'),
        exited.then(() => {
          throw new Error('exited early');
        }),
      ]);
    }
    return JSON.parse(stdout.trim()) as EmulatorInfo;
  }
  return { child, exited, readInfo, stdout: () => stdout };
}

it('main.ts prints exactly one line of EmulatorInfo JSON and stops on SIGTERM', async () => {
  const { child, exited, readInfo, stdout } = startMain(
    ['--port', '0', '--jobs', '50', '--seed', '4', '--auth-port', '0'],
    'pipe',
  );
  try {
    const info = await readInfo();
    expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.auth_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.auth_url).not.toBe(info.base_url);
    expect(info.web_url).toBe(info.auth_url);
    expect(info.app).toMatchObject({ return_url: 'http://127.0.0.1:8787/oauth/return' });
    expect(info.app.client_id).toBeTruthy();
    expect(info.accounts).toHaveLength(2);
    expect(info.accounts[0]!.staff.length).toBeGreaterThanOrEqual(6);
    const res = await fetch(`${info.base_url}/api_1.0/job.json?cursor=-1`, {
      headers: { 'x-api-key': info.accounts[0]!.api_key },
    });
    expect(((await res.json()) as unknown[]).length).toBe(50);
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(stdout().trim().split('\n')).toHaveLength(1);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

it('npm run platform -- --page-size 5000 --jobs 12000 pages 5,000, 5,000, 2,000', async () => {
  const { child, exited, readInfo } = startMain(['--port', '0', '--page-size', '5000', '--jobs', '12000'], 'inherit');
  try {
    const info = await readInfo();
    const sizes: number[] = [];
    for (let cursor: string | null = '-1'; cursor;) {
      const res: Response = await fetch(`${info.base_url}/api_1.0/job.json?cursor=${cursor}`, {
        headers: { 'x-api-key': info.accounts[0]!.api_key },
      });
      sizes.push(((await res.json()) as unknown[]).length);
      cursor = res.headers.get('x-next-cursor');
    }
    expect(sizes).toEqual([5000, 5000, 2000]);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
});

it('main.ts refuses a bad option with the usage, on stderr', async () => {
  const child = spawn(tsx, [main, '--jobs', 'many'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(2);
  expect(stdout).toBe('');
  expect(stderr).toMatch(/Invalid --jobs/);
  expect(stderr).toMatch(/Usage: npm run platform/);
});
