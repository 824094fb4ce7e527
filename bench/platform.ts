// `npm run bench -- platform` (or `npx tsx bench/platform.ts`): starts the emulator with 200,000 jobs in its own
// process (as tools and the other benchmarks run it), pages through all of them over HTTP as a client would, and
// reports pages/s, MB/s and per-page latency (goal: a 1,000-job page in at most 20 ms median, so the emulator never
// limits the sync benchmarks), the emulator's own time per page (Server-Timing: the request, and rendering the page,
// which the emulator does ahead while the client reads the page before), startup time and memory. The first page is
// never rendered ahead, so timing it alone shows a page rendered on request.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EmulatorInfo } from '../server/emulator/contracts';
import { expectFigures, sized } from './smoke';

const JOBS = sized(200_000, 2_000);
const MAIN = fileURLToPath(new URL('../server/emulator/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface PlatformBenchResult {
  jobs: number;
  pages: number;
  startupMs: number;
  rssMb: number;
  pagesPerSecond: number;
  mbPerSecond: number;
  medianMs: number;
  p95Ms: number;
  serverMedianMs: number;
  serverP95Ms: number;
  renderMedianMs: number;
  /** The first page (cursor=-1) over HTTP, rendered on request: median of COLD_SAMPLES. */
  coldMedianMs: number;
}

const COLD_SAMPLES = sized(20, 2);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const round = (n: number) => Number(n.toFixed(1));

/** RSS of a process in MiB, from /proc (Linux); the emulator's memory, not the benchmark client's. */
function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function spawnEmulator(): Promise<{ info: EmulatorInfo; pid: number; stop: () => Promise<void> }> {
  // node --import tsx (not the tsx CLI, which runs a second process) so the pid is the emulator's own.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', MAIN, '--port', '0', '--jobs', String(JOBS), '--rate-limit', '1000000'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const info = await new Promise<EmulatorInfo>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))) as EmulatorInfo);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code} before it was ready`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { info, pid: child.pid as number, stop };
}

export async function runPlatformBench(): Promise<PlatformBenchResult> {
  const started = performance.now();
  const emu = await spawnEmulator();
  const startupMs = performance.now() - started;
  try {
    const headers = { 'x-api-key': emu.info.accounts[0]!.api_key };
    const times: number[] = [];
    const serverTimes: number[] = [];
    const renderTimes: number[] = [];
    const timing = (res: Response, name: string) =>
      Number(new RegExp(`${name};dur=([\\d.]+)`).exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);
    let bytes = 0;
    let records = 0;
    let cursor = '-1';
    const t0 = performance.now();
    for (;;) {
      const t = performance.now();
      const res = await fetch(`${emu.info.base_url}/api_1.0/job.json?cursor=${cursor}`, { headers });
      const body = await res.text();
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`page ${times.length}: HTTP ${res.status} ${body.slice(0, 200)}`);
      serverTimes.push(timing(res, 'page'));
      renderTimes.push(timing(res, 'render'));
      bytes += Buffer.byteLength(body);
      records += (JSON.parse(body) as unknown[]).length;
      const next = res.headers.get('x-next-cursor');
      if (!next) break;
      cursor = next;
    }
    const totalS = (performance.now() - t0) / 1000;
    if (records !== JOBS) throw new Error(`paged ${records} jobs, expected ${JOBS}`);
    const cold: number[] = [];
    for (let k = 0; k < COLD_SAMPLES; k++) {
      const t = performance.now();
      const res = await fetch(`${emu.info.base_url}/api_1.0/job.json?cursor=-1`, { headers });
      await res.text();
      cold.push(performance.now() - t);
    }
    const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
    const sorted = ascending(times);
    const server = ascending(serverTimes);
    const result: PlatformBenchResult = {
      jobs: records,
      pages: times.length,
      startupMs: Math.round(startupMs),
      rssMb: Math.round(rssOf(emu.pid)),
      pagesPerSecond: round(times.length / totalS),
      mbPerSecond: round(bytes / 2 ** 20 / totalS),
      medianMs: round(quantile(sorted, 0.5)),
      p95Ms: round(quantile(sorted, 0.95)),
      serverMedianMs: round(quantile(server, 0.5)),
      serverP95Ms: round(quantile(server, 0.95)),
      renderMedianMs: round(quantile(ascending(renderTimes), 0.5)),
      coldMedianMs: round(quantile(ascending(cold), 0.5)),
    };
    expectFigures({ ...result });
    console.table({
      'jobs paged': result.jobs,
      pages: result.pages,
      'startup incl. tsx (ms)': result.startupMs,
      'emulator RSS after paging (MiB)': result.rssMb,
      'pages/s': result.pagesPerSecond,
      'MB/s': result.mbPerSecond,
      'median ms per 1,000-job page (HTTP)': result.medianMs,
      'p95 ms per page (HTTP)': result.p95Ms,
      'emulator ms per request, median (Server-Timing)': result.serverMedianMs,
      'emulator ms per request, p95': result.serverP95Ms,
      'emulator ms rendering a page, median (done ahead)': result.renderMedianMs,
      'first page, rendered on request (HTTP median)': result.coldMedianMs,
      'goal (HTTP median <= 20 ms)': result.medianMs <= 20 ? 'met' : 'MISSED',
    });
    return result;
  } finally {
    await emu.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runPlatformBench();
  process.exit(0);
}
