import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// A companion in a process of its own, started as `npm run companion` starts it (server/companion/main.ts through
// tsx), configured by environment only. Several of them against one Redis are several instances, as deployed.
// It listens on the port it is given, so a restarted instance comes back at the same address; its output goes to a
// file (a test that fails shows it), and it is stopped by its process id alone.

const ROOT = resolve(import.meta.dirname, '../../..');
const READY_WITHIN_MS = 30_000;

export interface CompanionProcess {
  url: string;
  port: number;
  pid: number;
  /** Everything the process wrote so far. */
  output(): string;
  /** SIGTERM asks it to finish its streams and go; SIGKILL is a crash. Resolves once it has exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** Starts `server/companion/main.ts` with `env` (PORT included) and waits until it answers /health. */
export async function startCompanionProcess(env: Record<string, string>): Promise<CompanionProcess> {
  const port = Number(env.PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('startCompanionProcess needs a fixed PORT');
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(mkdtempSync(join(tmpdir(), 'fieldside-companion-')), 'output.log');
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/companion/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const output = () => readFileSync(logFile, 'utf8');

  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The companion on port ${port} exited while starting:\n${output()}`);
    const health = await fetch(`${url}/health`).catch(() => undefined);
    if (health?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `The companion on port ${port} did not answer /health within ${READY_WITHIN_MS / 1000} s:\n${output()}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url,
    port,
    pid: child.pid!,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
