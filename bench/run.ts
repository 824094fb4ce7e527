import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

// `npm run bench` runs every benchmark; `npm run bench -- platform client` runs the named ones.
// Each benchmark module exports one `run…Bench()` that starts what it needs on 127.0.0.1, prints
// its own table and stops everything it started.
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
  // The add-on's job-card panel: its weight gzip, and POST to the whole answer (issue 20).
  addon: async () => (await import('./addon')).runAddonBench(),
  // A 50-person account (or `--staff 200`) through a working day: requests to the platform by cause (issues 18, 29).
  budget: async () => (await import('./budget.js')).runBudgetBench(),
  // Popup openings and keystroke-to-rows at 100,000 jobs, on a fresh Chrome build in .output/.
  popup: async () => {
    const root = resolve(import.meta.dirname, '..');
    execFileSync('npx', ['wxt', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    return (await import('./popup')).runPopupBench(resolve(root, '.output/chrome-mv3'));
  },
};

// Options (`--staff 200`) are the benchmarks' own: neither they nor their values name a benchmark.
const args = process.argv.slice(2);
const asked = args.filter((a, i) => !a.startsWith('-') && !args[i - 1]?.startsWith('--'));
const unknown = asked.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
for (const name of asked.length > 0 ? asked : Object.keys(benches)) {
  console.log(`\n=== bench: ${name} ===`);
  await benches[name]!();
}
process.exit(process.exitCode ?? 0);
