// `npm run bench -- content`: what the platform content script costs a page where it finds no job.
// Headless Chromium serves one job-less platform-like page (a 2,000-row table, no job links) from
// 127.0.0.1 (so the content script runs on it) and rewrites it in 300 rounds of DOM mutations (what
// a single-page app does), timing each round; the same in a Chromium without the extension. Also the
// gzip size of each content script's initial file and of the lazily loaded UI chunk (goal: ≤ 12 KB
// initial). Loads the benchmarks' build (bench/extension/build.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { launchChromium } from '../tests/e2e/support/chromium';
import { benchExtension } from './extension/build';
import { expectFigures, sized } from './smoke';

const ROUNDS = sized(300, 10);
const GOAL_KB = 12;

const PAGE = `<!doctype html><html lang="en"><title>Jobs</title><body><main data-page="job-list"><table><tbody id="rows">
${Array.from({ length: 2000 }, (_, i) => `<tr><td>Row ${i}</td><td class="status">Quote</td><td>Customer ${i}</td></tr>`).join('\n')}
</tbody></table></main></body></html>`;

/** Per-round times (ms) of replacing 20 rows and letting the page's tasks (observers, timers) run. */
async function mutationRounds(page: Page): Promise<number[]> {
  return page.evaluate(async (rounds) => {
    const body = document.getElementById('rows')!;
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) {
        const tr = document.createElement('tr');
        tr.innerHTML = `<td>New ${r}-${i}</td><td class="status">Quote</td><td>x</td>`;
        body.replaceChild(tr, body.children[(r * 20 + i) % body.children.length]!);
      }
      await new Promise((done) => setTimeout(done, 0));
      times.push(performance.now() - t0);
    }
    // Let a throttled scan that is still due run inside the measured window's tail.
    await new Promise((done) => setTimeout(done, 400));
    return times;
  }, ROUNDS);
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export async function runContentBench(): Promise<void> {
  const dir = benchExtension('chrome');
  const gz = (f: string) => gzipSync(readFileSync(resolve(dir, f)), { level: 9 }).length;
  const initial = readdirSync(resolve(dir, 'content-scripts'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f: `content-scripts/${f}`, bytes: gz(`content-scripts/${f}`) }));
  const ui = gz('content-ui.js');

  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jobs`;
  const results: Array<{ mode: string; times: number[]; hosts: number }> = [];
  try {
    const withExt = await launchChromium(dir);
    try {
      const page = await withExt.context.newPage();
      await page.goto(url);
      await page.waitForTimeout(500);
      const times = await mutationRounds(page);
      results.push({ mode: 'with Fieldside', times, hosts: await page.locator('fieldside-badge').count() });
    } finally {
      await withExt.close();
    }
    const plain = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await plain.newPage();
      await page.goto(url);
      await page.waitForTimeout(500);
      results.push({ mode: 'without an extension', times: await mutationRounds(page), hosts: 0 });
    } finally {
      await plain.close();
    }
  } finally {
    await new Promise((r) => server.close(r));
  }

  for (const r of results) expectFigures({ rounds: r.times.length - 1, total: sum(r.times), hosts: r.hosts });
  console.log('\nContent script size (gzip -9)');
  for (const { f, bytes } of initial)
    console.log(
      `  ${f.padEnd(28)} ${(bytes / 1024).toFixed(1)} KB  goal ≤ ${GOAL_KB} KB  ${bytes <= GOAL_KB * 1024 ? 'ok' : 'OVER'}`,
    );
  console.log(
    `  ${'content-ui.js (lazy UI)'.padEnd(28)} ${(ui / 1024).toFixed(1)} KB  loaded only where a job is found`,
  );
  console.log(`\nA job-less page rewritten in ${ROUNDS} rounds of 20 rows (ms per round)`);
  console.log('  mode                   total    p50    p95    max  shadow hosts');
  for (const r of results) {
    console.log(
      `  ${r.mode.padEnd(21)} ${sum(r.times).toFixed(0).padStart(6)} ${pct(r.times, 50).toFixed(2).padStart(6)} ${pct(r.times, 95).toFixed(2).padStart(6)} ${Math.max(
        ...r.times,
      )
        .toFixed(2)
        .padStart(6)}  ${r.hosts}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runContentBench();
