import { readFileSync } from 'node:fs';
import { SMOKE_ENV } from './smoke';

// `npm run bench` runs every benchmark; `npm run bench -- platform client` runs the named ones, and
// `--smoke` runs them small (bench/smoke.ts). Each benchmark module exports one `run…Bench()` that starts
// what it needs on 127.0.0.1, prints its own table and stops everything it started. One that fails is
// reported and the others still run; the exit code says whether all ran to the end.
if (process.argv.includes('--smoke')) process.env[SMOKE_ENV] = '1';
const benches: Record<string, () => Promise<unknown>> = {
  platform: async () => (await import('./platform')).runPlatformBench(),
  client: async () => (await import('./client')).runClientBench(),
  search: async () => (await import('./search')).runSearchBench(),
  webhooks: async () => (await import('./webhooks')).runWebhooksBench(),
  extension: async () => (await import('./extension')).runExtensionBench(),
  segments: async () => (await import('./segments')).runSegmentsBench(),
  content: async () => (await import('./content')).runContentBench(),
  // The companion's production build: its size, and spawn to the first /health answer.
  'companion-start': async () => (await import('./companion-start')).runCompanionStartBench(),
  // The add-on's job-card panel: its weight gzip, and POST to the whole answer.
  addon: async () => (await import('./addon')).runAddonBench(),
  // A 50-person account (or `--staff 200`) through a working day: requests to the platform by cause (issues 18, 29).
  budget: async () => (await import('./budget.js')).runBudgetBench(),
  // Popup openings (the first after the service worker stopped) and keystroke-to-rows at 100,000 jobs, in Chromium.
  popup: async () => (await import('./popup')).runPopupBench(),
  // Firefox ESR: the full sync at the real page size against its floor, and the popup's openings.
  firefox: async () => (await import('./firefox')).runFirefoxBench(),
};

/** Options that take a value (`--staff 200`, `--minutes 90`: the budget's): the value names no benchmark. */
const VALUED_OPTIONS = new Set(['--staff', '--minutes']);
const args = process.argv.slice(2);
const asked = args.filter((a, i) => !a.startsWith('-') && !VALUED_OPTIONS.has(args[i - 1] ?? ''));
const unknown = asked.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
/** The machine's load as /proc/loadavg says it (1, 5 and 15 minutes): the figures mean little without it. */
const load = () => readFileSync('/proc/loadavg', 'utf8').trim();
const failed: string[] = [];
console.log(
  `npm run bench${process.env[SMOKE_ENV] === '1' ? ' (smoke)' : ''}: ${new Date().toISOString()}, load ${load()}`,
);
for (const name of asked.length > 0 ? asked : Object.keys(benches)) {
  console.log(`\n=== bench: ${name} (load ${load()}) ===`);
  const started = performance.now();
  try {
    await benches[name]!();
    console.log(`=== bench ${name}: ran to the end in ${((performance.now() - started) / 1000).toFixed(1)} s ===`);
  } catch (error) {
    failed.push(name);
    console.error(`=== bench ${name}: FAILED: ${(error as Error).stack ?? String(error)}`);
  }
}
console.log(
  `\nnpm run bench: done ${new Date().toISOString()}, load ${load()}${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}`,
);
process.exit(failed.length > 0 ? 1 : (process.exitCode ?? 0));
