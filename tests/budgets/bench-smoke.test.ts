import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SMOKE_ENV } from '../../bench/smoke';
import { BUILD_ENV_KEYS } from '../../contracts/platform-hosts';
import { E2E_OUT_DIR, ROOT } from '../e2e/support/paths';

// Every benchmark runs to the end, small (`npm run bench -- --smoke <name>`, bench/smoke.ts): a few thousand jobs,
// one round, each checking that its own output is sane. Run as `npm run bench` runs them, through tsx with no
// bundler (a benchmark that leans on a bundler's global, such as import.meta.env, fails here as it fails there),
// one process each, on the e2e build the global setup made. No timing is asserted: timings stay in `npm run bench`.

const BENCHES = [
  'platform',
  'client',
  'search',
  'webhooks',
  'extension',
  'segments',
  'content',
  'companion-start',
  'addon',
  'budget',
  'popup',
  'firefox',
];

describe('every benchmark runs to the end in its smoke mode', () => {
  it('the list is the runner’s', () => {
    const listed = spawnSync('npx', ['tsx', 'bench/run.ts', 'no-such-bench'], { cwd: ROOT, encoding: 'utf8' });
    expect(listed.status).toBe(2);
    expect(listed.stderr).toContain(`Known: ${BENCHES.join(', ')}`);
  });

  it.each(BENCHES)(
    '%s',
    (name) => {
      const env: NodeJS.ProcessEnv = { ...process.env, FIELDSIDE_BENCH_BUILD_DIR: E2E_OUT_DIR };
      for (const key of [...BUILD_ENV_KEYS, 'NODE_ENV', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', SMOKE_ENV])
        delete env[key];
      const run = spawnSync('npx', ['tsx', 'bench/run.ts', '--smoke', name], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: 300_000,
      });
      const said = `${run.stdout}\n${run.stderr}`;
      expect(run.error, said.slice(-4000)).toBeUndefined();
      expect(said).toContain('npm run bench (smoke):');
      expect(said, said.slice(-4000)).toMatch(new RegExp(`=== bench ${name}: ran to the end in [\\d.]+ s ===`));
      expect(said).not.toContain('FAILED');
      expect(run.status, said.slice(-4000)).toBe(0);
    },
    300_000,
  );
});
