import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../../server/development/free-port';

// workerd, Cloudflare's open-source Workers runtime (devDependency `workerd`), serving a bundle on 127.0.0.1 at a
// free port, configured the way a deployment would be: one ES module, the environment as text bindings, and a
// network that lets fetch() reach this machine only (where the tests' servers listen), nothing else.

const WORKERD = resolve(import.meta.dirname, '../../../node_modules/workerd/bin/workerd');
/** A fixed date, so the runtime's behaviour does not move under the tests as workerd is upgraded. Its Node
 * compatibility (Buffer, process and node: modules, on by default at this date) is turned off by flags: what
 * runs here must run on Web APIs alone. */
const COMPATIBILITY_DATE = '2026-11-01';

export interface RunningWorkerd {
  url: string;
  pid: number;
  /** What workerd printed so far (the worker's console lines and workerd's own errors). */
  output(): string;
  stop(): Promise<void>;
}

/** A Cap'n Proto text literal. */
const text = (value: string) => JSON.stringify(value);

function configOf(port: number, bindings: Record<string, string>): string {
  const bound = Object.entries(bindings)
    .map(([name, value]) => `    (name = ${text(name)}, text = ${text(value)}),`)
    .join('\n');
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "internet", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker.mjs", esModule = embed "worker.mjs")],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = ["no_nodejs_compat", "no_nodejs_compat_v2"],
  bindings = [
${bound}
  ],
);
`;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Serves `bundle` (an ES module with a default `fetch(request, env)` export) with `bindings` as its env. */
export async function startWorkerd(opts: {
  bundle: string;
  bindings: Record<string, string>;
}): Promise<RunningWorkerd> {
  const dir = mkdtempSync(join(tmpdir(), 'fieldside-workerd-'));
  copyFileSync(opts.bundle, join(dir, 'worker.mjs'));
  const port = await freePort();
  writeFileSync(join(dir, 'config.capnp'), configOf(port, opts.bindings));
  const child = spawn(WORKERD, ['serve', join(dir, 'config.capnp')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // Not SIGTERM: workerd would drain first, waiting for open change streams to notice their clients left,
      // which they do only at their next write (a heartbeat). It keeps nothing that needs flushing.
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 20_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`workerd did not start serving 127.0.0.1:${port}: ${output.trim() || `exit ${child.exitCode}`}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, output: () => output, stop };
}
