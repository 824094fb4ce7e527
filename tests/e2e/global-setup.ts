import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BUILD_ENV_KEYS } from '../../contracts/platform-hosts';
import { CHROME_DIR, E2E_OUT_DIR, FIREFOX_DIR, ROOT } from './support/paths';

// Builds the Chrome and Firefox extensions (and their store zips) once before the e2e tests, into
// their own folder (.tmp/e2e-output). Development builds with none of the build environment
// (BUILD_ENV_KEYS), so host permissions are http://127.0.0.1/* and the tests point the extension at
// their own ephemeral ports. FIELDSIDE_E2E_REUSE_BUILD=1 skips the build when both exist (local iteration).
// Without the test runner's NODE_ENV=test, which makes Vite bundle Preact's development JSX (source paths
// and line numbers in every element): the tests and the size budgets see what a person's build ships.

export default function setup(): void {
  const built = existsSync(resolve(CHROME_DIR, 'manifest.json')) && existsSync(resolve(FIREFOX_DIR, 'manifest.json'));
  if (process.env.FIELDSIDE_E2E_REUSE_BUILD === '1' && built) return;
  const env: NodeJS.ProcessEnv = { ...process.env, FIELDSIDE_OUT_DIR: E2E_OUT_DIR };
  for (const key of BUILD_ENV_KEYS) delete env[key];
  delete env.NODE_ENV;
  for (const args of [
    ['wxt', 'zip'],
    ['wxt', 'zip', '-b', 'firefox'],
  ]) {
    execFileSync('npx', args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}
