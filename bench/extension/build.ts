import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BUILD_ENV_KEYS } from '../../contracts/platform-hosts';

// The extension the browser benchmarks load: a development build (the emulator's hosts, the pinned Chrome id) in
// the benchmarks' own folder, since `.output` and the e2e folder are rebuilt by others while a benchmark runs.
// Built as a person builds it: none of the build settings, and no NODE_ENV from a test runner (which would make
// Vite bundle Preact's development JSX). FIELDSIDE_BENCH_BUILD_DIR names a folder already built (the smoke run
// uses the e2e build); FIELDSIDE_BENCH_REUSE_BUILD=1 keeps an earlier bench build.

const ROOT = resolve(import.meta.dirname, '../..');
export const BENCH_OUT_DIR = resolve(ROOT, '.tmp/bench-output');

const FOLDERS = { chrome: 'chrome-mv3', firefox: 'firefox-mv2' } as const;

/** The built extension's folder for `browser`, built first unless a build is given or kept. */
export function benchExtension(browser: keyof typeof FOLDERS): string {
  const given = process.env.FIELDSIDE_BENCH_BUILD_DIR;
  if (given) return resolve(given, FOLDERS[browser]);
  const dir = resolve(BENCH_OUT_DIR, FOLDERS[browser]);
  if (process.env.FIELDSIDE_BENCH_REUSE_BUILD === '1' && existsSync(resolve(dir, 'manifest.json'))) return dir;
  const env: NodeJS.ProcessEnv = { ...process.env, FIELDSIDE_OUT_DIR: BENCH_OUT_DIR };
  for (const key of BUILD_ENV_KEYS) delete env[key];
  delete env.NODE_ENV;
  execFileSync('npx', ['wxt', 'build', ...(browser === 'firefox' ? ['-b', 'firefox'] : [])], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return dir;
}
