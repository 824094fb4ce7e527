// `npm run bench -- client` (or `npx tsx bench/client.ts`): pages 100,000 jobs from the emulator
// through the platform client (ky, limiter, retries, per-record validation) and through plain
// fetch + JSON.parse, page by page in lockstep over several rounds in one run, and reports the
// client's overhead. Goal: at most 10 %.
//
// The figure judged against the goal is the median of the rounds' own overheads (each round's client
// time over the plain time of the same round), as the sync and intake benchmarks compare paired rounds.
// Both arms of a round share the machine's load and the run's drift (both grew 13 % slower over one
// run), which cancel in a round's ratio; the arms' medians, printed too and labelled as such, come from
// different rounds and carry that drift into the overhead (they were what this bench judged until then).
import { pathToFileURL } from 'node:url';
import { createPlatformClient } from '../lib/api/client';
import { createRateLimiter } from '../lib/api/rate-limiter';
import { startEmulator } from '../server/emulator/start';
import { expectFigures, expectSane, sized } from './smoke';

export interface ClientBenchResult {
  jobs: number;
  rounds: number;
  /** Wall-clock medians of each arm over the rounds. */
  plainMs: number;
  clientMs: number;
  /** The judged figure: the median of the rounds' wall-clock overheads. */
  overheadPct: number;
  /** Each round's wall-clock overhead (client over plain in that round). */
  roundOverheadPct: number[];
  /** The overhead of the arms' wall-clock medians (taken from different rounds): the old figure, for comparison. */
  armsOverheadPct: number;
  /** CPU-time medians of this process (the in-process emulator's share is the same for both), far
   * less disturbed than wall time when other work shares the machine. */
  plainCpuMs: number;
  clientCpuMs: number;
  /** As above, in CPU time. */
  cpuOverheadPct: number;
  roundCpuOverheadPct: number[];
  armsCpuOverheadPct: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export async function runClientBench(opts: { jobs?: number; rounds?: number } = {}): Promise<ClientBenchResult> {
  const jobs = opts.jobs ?? sized(100_000, 2_000);
  // Nine rounds: on two cores shared with the in-process emulator the rounds' overheads spread over 2-17 %, and the
  // median of five moved 6-13 % between runs of one code (docs/performance.md, the sixteenth and seventeenth steps).
  const rounds = opts.rounds ?? sized(9, 1);
  // A high platform limit and a matching client limiter: the bench measures the client, not waits.
  const perMinute = 1_000_000;
  const emulator = await startEmulator({ port: 0, jobs, seed: 42, rateLimitPerMinute: perMinute, quiet: true });
  try {
    const account = emulator.info.accounts[0]!;
    const baseUrl = emulator.info.base_url;
    const client = createPlatformClient({
      baseUrl,
      auth: { kind: 'api_key', apiKey: account.api_key },
      limiter: createRateLimiter({ perMinute }),
    });

    // Plain: one page with fetch + JSON.parse, as a hand-written sync would.
    const plainPage = async (cursor: string) => {
      const res = await fetch(`${baseUrl}/api_1.0/job.json?cursor=${cursor}`, {
        headers: { 'x-api-key': account.api_key, accept: 'application/json' },
      });
      const records = JSON.parse(await res.text()) as unknown[];
      return { count: records.length, next: res.headers.get('x-next-cursor') };
    };

    // One round walks all pages both ways in lockstep, page by page, alternating which goes first,
    // so both see the same machine load (this machine is shared: walk-by-walk timings swing 2x).
    type Times = { wall: number; cpu: number };
    const round = async (clientFirst: boolean): Promise<{ plain: Times; client: Times }> => {
      const plain = { wall: 0, cpu: 0 };
      const viaClient = { wall: 0, cpu: 0 };
      const timed = async <T>(acc: Times, fn: () => Promise<T>): Promise<T> => {
        const cpu = process.cpuUsage();
        const start = performance.now();
        const out = await fn();
        acc.wall += performance.now() - start;
        const used = process.cpuUsage(cpu);
        acc.cpu += (used.user + used.system) / 1000;
        return out;
      };
      const pages = client.jobs.pages();
      let cursor: string | null = '-1';
      let plainCount = 0;
      let clientCount = 0;
      let clientDone = false;
      for (let i = 0; cursor !== null || !clientDone; i++) {
        const stepPlain = async () => {
          if (cursor === null) return;
          const page = await timed(plain, () => plainPage(cursor!));
          plainCount += page.count;
          cursor = page.next;
        };
        const stepClient = async () => {
          if (clientDone) return;
          const step = await timed(viaClient, () => pages.next());
          if (step.done) clientDone = true;
          else clientCount += step.value.records.length + step.value.skipped.length;
        };
        if ((i % 2 === 0) === clientFirst) {
          await stepClient();
          await stepPlain();
        } else {
          await stepPlain();
          await stepClient();
        }
      }
      if (plainCount !== jobs || clientCount !== jobs)
        throw new Error(`read ${plainCount} / ${clientCount} of ${jobs} jobs`);
      return { plain, client: viaClient };
    };

    await round(true); // warm-up: JIT, the emulator's caches, connections
    const plainTimes: Times[] = [];
    const clientTimes: Times[] = [];
    for (let r = 0; r < rounds; r++) {
      const result = await round(r % 2 === 0);
      plainTimes.push(result.plain);
      clientTimes.push(result.client);
    }
    const plainMs = median(plainTimes.map((t) => t.wall));
    const clientMs = median(clientTimes.map((t) => t.wall));
    const plainCpuMs = median(plainTimes.map((t) => t.cpu));
    const clientCpuMs = median(clientTimes.map((t) => t.cpu));
    const overPct = (client: number, plain: number) => ((client - plain) / plain) * 100;
    const roundOverheadPct = clientTimes.map((t, r) => overPct(t.wall, plainTimes[r]!.wall));
    const roundCpuOverheadPct = clientTimes.map((t, r) => overPct(t.cpu, plainTimes[r]!.cpu));
    const overheadPct = median(roundOverheadPct);
    const cpuOverheadPct = median(roundCpuOverheadPct);
    const armsOverheadPct = overPct(clientMs, plainMs);
    const armsCpuOverheadPct = overPct(clientCpuMs, plainCpuMs);
    expectFigures({ plainMs, clientMs, plainCpuMs, clientCpuMs });
    for (const pct of [...roundOverheadPct, ...roundCpuOverheadPct, armsOverheadPct, armsCpuOverheadPct])
      expectSane(Number.isFinite(pct), `an overhead is ${pct}`);
    const list = (xs: number[]) => xs.map((x) => Math.round(x)).join(' ');
    const pcts = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(' ');
    console.log(`client bench: ${jobs} jobs, ${rounds} rounds in lockstep (emulator in process)`);
    console.table({
      'fetch + JSON.parse': {
        'wall ms': Math.round(plainMs),
        'cpu ms': Math.round(plainCpuMs),
        'wall rounds': list(plainTimes.map((t) => t.wall)),
        'cpu rounds': list(plainTimes.map((t) => t.cpu)),
      },
      'platform client': {
        'wall ms': Math.round(clientMs),
        'cpu ms': Math.round(clientCpuMs),
        'wall rounds': list(clientTimes.map((t) => t.wall)),
        'cpu rounds': list(clientTimes.map((t) => t.cpu)),
      },
    });
    const verdict = (pct: number) => (pct <= 10 ? 'OK' : 'OVER');
    console.log(`overhead of each round, wall %: ${pcts(roundOverheadPct)}  cpu %: ${pcts(roundCpuOverheadPct)}`);
    console.log(
      `overhead, median of the rounds, wall: ${overheadPct.toFixed(1)} %  cpu: ${cpuOverheadPct.toFixed(1)} %  (goal <= 10 %: ${verdict(overheadPct)} / ${verdict(cpuOverheadPct)})`,
    );
    console.log(
      `overhead of the arms' medians (from different rounds; not judged), wall: ${armsOverheadPct.toFixed(1)} %  cpu: ${armsCpuOverheadPct.toFixed(1)} %`,
    );
    return {
      jobs,
      rounds,
      plainMs,
      clientMs,
      overheadPct,
      roundOverheadPct,
      armsOverheadPct,
      plainCpuMs,
      clientCpuMs,
      cpuOverheadPct,
      roundCpuOverheadPct,
      armsCpuOverheadPct,
    };
  } finally {
    await emulator.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runClientBench();
  process.exit(0);
}
