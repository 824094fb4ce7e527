import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { measure, PROCESS_WARMUP, warmUp, WARMUP, type Result } from './measure';

// The bare node:http server of webhooks.ts in the process rows' own shape: `count` child processes, each a bare
// server answering 200, taking the load in turn as the companion processes do. The in-process bare server is the
// machine's ceiling for the in-process rows; a companion in a process of its own meets what a process of its own
// costs here (its sockets crossing processes, its own event loop waking on a core that Redis and the load share), and
// a second process what two cost, whatever it runs. Measured beside each process round, this ceiling of the same
// shape tells the companion's own cost from the shape's (2026-11-30 03:11, load 0.3-0.9: two bare child processes
// took 0.89-0.99× the notifications a second of the bare server in the bench's process).

/** bare-server.ts run as a program, through tsx as the companion processes run (their loader's cost is their start's,
 * not their requests'). */
const BARE_SERVER = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

export interface BareProcesses {
  /** One measured round against the warm processes. */
  run(): Promise<Result>;
  stop(): Promise<void>;
}

function startOne(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', BARE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve({ child, port: Number(line) });
    });
    child.once('exit', (code) => reject(new Error(`a bare server process exited (${code}) before listening`)));
  });
}

const stopped = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });

/** Starts `count` bare server processes and warms them as the companion processes are warmed. */
export async function startBareProcesses(count: 1 | 2): Promise<BareProcesses> {
  const started: ChildProcess[] = [];
  const stop = async () => {
    for (const child of started) await stopped(child);
  };
  try {
    const urls: string[] = [];
    for (let i = 0; i < count; i++) {
      const { child, port } = await startOne();
      started.push(child);
      urls.push(`http://127.0.0.1:${port}/webhooks/baseline`);
    }
    await warmUp(urls, 'http://127.0.0.1', PROCESS_WARMUP * count);
    const name = count === 1 ? 'bare node:http, 1 process' : 'bare node:http, 2 processes';
    const processes = { companions: started.map((c) => c.pid!), warmup: WARMUP * count };
    return { run: () => measure(name, urls, 'http://127.0.0.1', processes), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
