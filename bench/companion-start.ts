// `npm run bench -- companion-start`: the production build of the companion (`npm run companion:build`), its size,
// and its cold start: from spawning `node companion.mjs` (alone in an empty folder, production environment, memory
// store) to the first answer of /health, over several starts. What a deploy, a restart after a crash, or a new
// instance under load waits for.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUILD_ENTRY_FILE } from '../server/companion/build';
import { buildToEmptyFolder, spawnBuilt } from '../tests/support/companion/built-companion';
import { expectFigures, sized } from './smoke';

const STARTS = sized(9, 1);

const PRODUCTION: Record<string, string> = {
  PLATFORM_BASE_URL: 'https://api.platform.invalid',
  PLATFORM_AUTH_URL: 'https://go.platform.invalid',
  CLIENT_ID: 'fieldside-bench',
  CLIENT_SECRET: 'the-app-secret-of-the-bench-0123456789',
  ALLOWED_EXTENSION_IDS: 'fieldside@fieldside.app',
  PUBLIC_URL: 'https://companion.fieldside.invalid',
  SIGNING_SECRET: 'the-signing-secret-of-the-bench-0123456789',
  HOST: '127.0.0.1',
  PORT: '0',
};

export async function runCompanionStartBench(): Promise<void> {
  const builtAt = performance.now();
  const folder = await buildToEmptyFolder();
  const buildMs = performance.now() - builtAt;
  try {
    const gzipBytes = gzipSync(readFileSync(join(folder.dir, BUILD_ENTRY_FILE))).length;
    const starts: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const spawned = performance.now();
      const companion = await spawnBuilt(folder.dir, PRODUCTION);
      const health = await fetch(`${companion.url}/health`);
      starts.push(performance.now() - spawned);
      if (!health.ok) throw new Error(`/health answered ${health.status}`);
      const { code } = await companion.stop('SIGTERM');
      if (code !== 0) throw new Error(`the companion exited with ${code}`);
    }
    const sorted = [...starts].sort((a, b) => a - b);
    expectFigures({ buildMs, gzipBytes, start: sorted[0]! });
    console.log(
      `Companion build: ${STARTS} cold starts; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    );
    console.table({
      build: { figure: `${Math.round(buildMs)} ms (esbuild, from the sources)` },
      size: {
        figure: `${(folder.build.bytes / 1024).toFixed(0)} KB (${(gzipBytes / 1024).toFixed(0)} KB gzip), no node_modules`,
      },
      'cold start to /health': {
        figure: `median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms (min ${Math.round(sorted[0]!)}, max ${Math.round(sorted.at(-1)!)})`,
      },
    });
  } finally {
    folder.remove();
  }
}
