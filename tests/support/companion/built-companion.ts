import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_ENTRY_FILE, buildCompanion, type CompanionBuild } from '../../../server/companion/build';

// The companion as production runs it: `npm run companion:build`'s output copied alone into an empty folder
// (no node_modules in it or above it), started with plain `node`, configured only by the environment given.

/** Builds the companion into a fresh temporary folder, then copies the build alone into another one. */
export async function buildToEmptyFolder(): Promise<{ dir: string; build: CompanionBuild; remove(): void }> {
  const buildDir = mkdtempSync(join(tmpdir(), 'fieldside-companion-build-'));
  const runDir = mkdtempSync(join(tmpdir(), 'fieldside-companion-run-'));
  try {
    const build = await buildCompanion(buildDir);
    for (const file of readdirSync(buildDir)) copyFileSync(join(buildDir, file), join(runDir, file));
    return { dir: runDir, build, remove: () => rmSync(runDir, { recursive: true, force: true }) };
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}

export interface BuiltCompanion {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Every JSON line written to standard output so far, parsed. */
  lines: Record<string, unknown>[];
  stderr(): string;
  /** The exit code and signal, once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` to this process (by its PID) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node companion.mjs` in `dir` with exactly `env` (nothing inherited), once it says where it listens. */
export function spawnBuilt(dir: string, env: Record<string, string>, timeoutMs = 20_000): Promise<BuiltCompanion> {
  const child = spawn(process.execPath, ['--enable-source-maps', join(dir, BUILD_ENTRY_FILE)], { cwd: dir, env });
  const lines: Record<string, unknown>[] = [];
  let pending = '';
  let errors = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the built companion did not listen within ${timeoutMs} ms: ${errors}`));
    }, timeoutMs);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the built companion exited with ${code} before listening: ${errors}`));
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const text = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        let line: Record<string, unknown>;
        try {
          line = JSON.parse(text) as Record<string, unknown>;
        } catch {
          line = { unparsable: text }; // kept, so a test can see that every line is JSON
        }
        lines.push(line);
        if (line.event !== 'listening') continue;
        clearTimeout(timer);
        resolve({
          child,
          url: String(line.url),
          lines,
          stderr: () => errors,
          exited,
          async stop(signal = 'SIGTERM') {
            if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, signal);
            return exited;
          },
        });
      }
    });
  });
}
