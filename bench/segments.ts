// `npm run bench -- segments`: how a page of the real platform's size (5,000 jobs) should map to
// the cache's segments, in headless Chromium's IndexedDB: split into segments of SEGMENT_SIZE
// (1,000) in the page's one transaction, or one segment per page. Measured for 100,000 jobs: the
// full sync's writes, a single-job lookup (one segment read and one job decoded: the popup and the
// side panel), and an incremental sync rewriting the tail segment for ten changed jobs.
// lib/cache/store/segment-writer.ts says which was chosen and why.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { bundleProbe } from './extension/bundle';
import { expectFigures, sized } from './smoke';

declare const __segmentsBench: any;

const JOBS = sized(100_000, 10_000);
const PAGE = 5000;

export async function runSegmentsBench(): Promise<unknown> {
  const probe = await bundleProbe(resolve(import.meta.dirname, 'segments/probe.ts'));
  // IndexedDB needs an origin: a blank page from 127.0.0.1.
  const server = createServer((_req, res) => res.end('<!doctype html><title>segments</title>'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const rows = [];
    // Each layout twice, alternating, in a fresh page: this machine is shared.
    for (const segmentJobs of sized([1000, PAGE, 1000, PAGE], [1000, PAGE])) {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.evaluate(probe);
      rows.push(
        await page.evaluate(([j, p, s]) => __segmentsBench.measure(j, p, s), [JOBS, PAGE, segmentJobs] as const),
      );
      await page.close();
    }
    for (const r of rows as any[])
      expectFigures({ segments: r.segments - 1, writeMs: r.writeMs, lookupMs: r.lookupMs, tailMs: r.tailMs });
    console.log(
      `\nSegments bench: ${JOBS} jobs in pages of ${PAGE}, headless Chromium, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.table(
      rows.map((r: any) => ({
        'jobs per segment': r.segmentJobs,
        segments: r.segments,
        'write all (full sync)': `${(r.writeMs / 1000).toFixed(2)} s`,
        'one job lookup, median': `${r.lookupMs.toFixed(1)} ms`,
        'tail rewrite, 10 changed, median': `${r.tailMs.toFixed(1)} ms`,
      })),
    );
    return rows;
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runSegmentsBench();
  process.exit(0);
}
