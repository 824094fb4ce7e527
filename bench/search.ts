// Search benchmark at 100,000 jobs, in Node: index build (all at once, and page by page as a full
// sync does it: add per page, then finish), stored size, cold load, and latency per keystroke over
// 200 mixed queries typed a character at a time. `npx tsx bench/search.ts` runs it
// alone; `npm run bench -- search` through bench/run.ts.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { deserialize, serialize } from 'node:v8';
import {
  applyChanges,
  buildIndex,
  createIndexBuilder,
  createTypeahead,
  indexBytes,
  loadIndex,
  search,
  serializeIndex,
  type SearchDoc,
} from '../lib/search/index';
import { createRandom, syntheticDocs } from '../lib/search/testing/synthetic-docs';
import { benchQueries, type BenchQuery } from '../lib/search/testing/synthetic-queries';
import { expectFigures, expectSane, sized } from './smoke';
import { runCustomerSearchBench } from './search-customers';

const JOBS = sized(100_000, 2_000);
const GOALS = { keystrokeP95Ms: 2, buildMs: 500, loadMs: 50, finishMs: 150 };
/** Jobs per page handed to the builder, as the full sync's walk gets them. */
const PAGE_JOBS = 1_000;

export interface SearchBenchFigures {
  jobs: number;
  loadAverage: number;
  buildMs: { wall: number; cpu: number; mainThreadCpu: number; fastest: number };
  /** The page-by-page build (median of 3): all the adds together, the largest single add, and finish. */
  builderMs: { add: number; slowestPage: number; finish: number };
  indexMb: number;
  storedMb: number;
  /** Stored size with 20 jobs a customer (as the emulator seeds them): what dedupe saves there. */
  emulatorShapeMb: number;
  coldLoadMs: {
    deserialize: number;
    deserializeMedian: number;
    deserializeMainCpu: number;
    loadIndex: number;
    firstSearch: number;
  };
  keystrokes: number;
  keystrokeMs: {
    p50: number;
    p95: number;
    p99: number;
    max: number;
    coldP95: number;
    bestOf3P95: number;
    cpuP95: number;
  };
  byKind: Record<string, { keystrokes: number; p95: number }>;
  typoFound: { session: number; search: number; of: number };
  applyTenChangesMs: number;
}

/** CPU time of the main thread alone, in ms (Linux; 10 ms ticks): process.cpuUsage() also
 * counts V8's GC and compiler threads, and wall time counts waiting for a busy core. */
function mainThreadCpu(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

function timed<T>(fn: () => T): { value: T; wall: number; cpu: number; mainCpu: number } {
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpu();
  const t0 = performance.now();
  const value = fn();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { value, wall, cpu: (cpu.user + cpu.system) / 1000, mainCpu: mainThreadCpu() - main0 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Typing {
  /** Wall time of each keystroke, in typing order. */
  all: number[];
  /** CPU time (this process) of each keystroke: what the search costs when other programs share
   * the cores; wall time also counts waiting for a core. */
  cpu: number[];
  kinds: string[];
}

/** Builds the index as a full sync does: a page at a time, then finish. */
function buildByPages(pages: readonly SearchDoc[][]): SearchBenchFigures['builderMs'] {
  const builder = createIndexBuilder();
  let add = 0;
  let slowestPage = 0;
  for (const page of pages) {
    const t0 = performance.now();
    builder.add(page);
    const ms = performance.now() - t0;
    add += ms;
    slowestPage = Math.max(slowestPage, ms);
  }
  const t0 = performance.now();
  builder.finish();
  return { add, slowestPage, finish: performance.now() - t0 };
}

/** Types each query one character at a time in a fresh session, as the popup does. */
function typeAll(index: ReturnType<typeof buildIndex>, queries: BenchQuery[]): Typing {
  const typing: Typing = { all: [], cpu: [], kinds: [] };
  for (const query of queries) {
    const session = createTypeahead(index);
    for (let k = 1; k <= query.text.length; k++) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      session.search(query.text.slice(0, k), { limit: 20 });
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      typing.all.push(ms);
      typing.cpu.push((cpu.user + cpu.system) / 1000);
      typing.kinds.push(query.kind);
    }
  }
  return typing;
}

const sortedCopy = (values: number[]): number[] => values.slice().sort((a, b) => a - b);

export async function runSearchBench(): Promise<SearchBenchFigures> {
  const loadAtStart = loadavg()[0] ?? 0;
  // Through JSON, as the cache hands the jobs over: flat strings, no shared template pieces.
  const docs = JSON.parse(JSON.stringify(syntheticDocs(JOBS, 42))) as SearchDoc[];
  const builds = [0, 1, 2].map(() => timed(() => buildIndex(docs)));
  const build = builds.slice().sort((a, b) => a.wall - b.wall)[1]!;
  const fastestBuild = Math.min(...builds.map((b) => b.wall));
  const pages = Array.from({ length: Math.ceil(docs.length / PAGE_JOBS) }, (_, p) =>
    docs.slice(p * PAGE_JOBS, (p + 1) * PAGE_JOBS),
  );
  const paged = [0, 1, 2].map(() => buildByPages(pages)).sort((a, b) => a.add + a.finish - (b.add + b.finish))[1]!;
  const index = build.value;
  const value = serializeIndex(index);
  const stored = serialize(value);
  // Fastest of 5: a structured clone of ~20 MB is mostly memory copying, which a busy machine
  // stretches the most.
  const clones = [0, 1, 2, 3, 4].map(() => timed(() => deserialize(stored) as unknown));
  const des = clones.slice().sort((a, b) => a.wall - b.wall)[0]!;
  const cloneMainCpu = clones.reduce((sum, c) => sum + c.mainCpu, 0) / clones.length;
  const load = timed(() => loadIndex(des.value));
  const first = timed(() => search(load.value, 'smith', { limit: 20 }));

  const queries = benchQueries(docs, createRandom(7));
  const cold = typeAll(load.value, queries);
  const passes = [typeAll(load.value, queries), typeAll(load.value, queries), typeAll(load.value, queries)];
  const warm = passes[0]!;
  const sorted = sortedCopy(warm.all);
  // Each keystroke's fastest of three passes: filters out the moments another program had the core.
  const best = sortedCopy(warm.all.map((_, i) => Math.min(...passes.map((p) => p.all[i]!))));
  const byKind: SearchBenchFigures['byKind'] = {};
  for (const kind of new Set(warm.kinds)) {
    const times = warm.all.filter((_, i) => warm.kinds[i] === kind);
    byKind[kind] = { keystrokes: times.length, p95: percentile(sortedCopy(times), 95) };
  }
  const typos = queries.filter((q) => q.intended !== undefined);
  const found = (results: { uuid: string }[], q: BenchQuery): boolean => results.some((r) => r.uuid === q.intended);
  const typoFound = {
    session: typos.filter((q) => found(createTypeahead(load.value).search(q.text), q)).length,
    search: typos.filter((q) => found(search(load.value, q.text), q)).length,
    of: typos.length,
  };
  const random = createRandom(99);
  const changed = Array.from({ length: 10 }, () => ({
    ...docs[Math.floor(random() * docs.length)]!,
    description: 'Replace boiler pressure valve',
  }));
  const apply = timed(() => applyChanges(load.value, { upsert: changed, remove: [docs[5]!.uuid] }));
  const emulatorShape = serialize(serializeIndex(buildIndex(syntheticDocs(JOBS, 42, 20)))).byteLength;

  const figures: SearchBenchFigures = {
    jobs: JOBS,
    loadAverage: Math.max(loadAtStart, loadavg()[0] ?? 0),
    buildMs: { wall: build.wall, cpu: build.cpu, mainThreadCpu: build.mainCpu, fastest: fastestBuild },
    builderMs: paged,
    indexMb: indexBytes(value) / 1e6,
    storedMb: stored.byteLength / 1e6,
    emulatorShapeMb: emulatorShape / 1e6,
    coldLoadMs: {
      deserialize: des.wall,
      deserializeMedian: clones.map((c) => c.wall).sort((a, b) => a - b)[2]!,
      deserializeMainCpu: cloneMainCpu,
      loadIndex: load.wall,
      firstSearch: first.wall,
    },
    keystrokes: warm.all.length,
    keystrokeMs: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? 0,
      coldP95: percentile(sortedCopy(cold.all), 95),
      bestOf3P95: percentile(best, 95),
      cpuP95: percentile(sortedCopy(warm.cpu), 95),
    },
    byKind,
    typoFound,
    applyTenChangesMs: apply.wall,
  };
  expectSane(figures.keystrokes > 0 && typoFound.of > 0, 'queries were typed, typo queries among them');
  expectSane(first.value.length > 0, 'the first search found jobs');
  expectFigures({ ...figures.buildMs, ...figures.coldLoadMs, ...figures.keystrokeMs, stored: figures.storedMb });
  print(
    figures,
    builds.map((b) => b.wall),
  );
  runCustomerSearchBench(docs, load.value, queries);
  console.log(`load average (1 min) after the customers: ${(loadavg()[0] ?? 0).toFixed(1)} on 2 cores`);
  return figures;
}

function print(f: SearchBenchFigures, buildWalls: number[]): void {
  const ms = (n: number): string => `${n.toFixed(2)} ms`;
  const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met');
  const loadMs = f.coldLoadMs.deserialize + f.coldLoadMs.loadIndex;
  console.table([
    {
      figure: 'index build (median of 3)',
      value: `${ms(f.buildMs.wall)} wall, ${ms(f.buildMs.cpu)} CPU, ${f.buildMs.mainThreadCpu} ms main thread`,
      goal: '≤ 500 ms',
      verdict: verdict(f.buildMs.wall <= GOALS.buildMs),
    },
    {
      figure: 'index build (fastest of 3)',
      value: ms(f.buildMs.fastest),
      goal: '≤ 500 ms',
      verdict: verdict(f.buildMs.fastest <= GOALS.buildMs),
    },
    {
      figure: `builder by ${PAGE_JOBS}-job pages: adds / slowest add (median of 3)`,
      value: `${ms(f.builderMs.add)} / ${ms(f.builderMs.slowestPage)}`,
      goal: '',
      verdict: '',
    },
    {
      figure: 'builder finish (what a full sync waits for at its end)',
      value: ms(f.builderMs.finish),
      goal: `≤ ${GOALS.finishMs} ms`,
      verdict: verdict(f.builderMs.finish <= GOALS.finishMs),
    },
    {
      figure: 'cold load: structured clone (fastest of 5) + loadIndex',
      value: `${ms(f.coldLoadMs.deserialize)} + ${ms(f.coldLoadMs.loadIndex)}`,
      goal: '≤ 50 ms',
      verdict: verdict(loadMs <= GOALS.loadMs),
    },
    {
      figure: 'structured clone: median of 5 / main-thread CPU (10 ms ticks)',
      value: `${ms(f.coldLoadMs.deserializeMedian)} / ${f.coldLoadMs.deserializeMainCpu.toFixed(0)} ms`,
      goal: '',
      verdict: '',
    },
    { figure: 'first search after load', value: ms(f.coldLoadMs.firstSearch), goal: '', verdict: '' },
    {
      figure: `per keystroke p95 (${f.keystrokes} keystrokes, warm)`,
      value: ms(f.keystrokeMs.p95),
      goal: '≤ 2 ms',
      verdict: verdict(f.keystrokeMs.p95 <= GOALS.keystrokeP95Ms),
    },
    {
      figure: 'per keystroke p95, fastest of 3 passes / CPU time',
      value: `${ms(f.keystrokeMs.bestOf3P95)} / ${ms(f.keystrokeMs.cpuP95)}`,
      goal: '≤ 2 ms',
      verdict: verdict(f.keystrokeMs.bestOf3P95 <= GOALS.keystrokeP95Ms),
    },
    {
      figure: 'per keystroke p50 / p99 / max',
      value: `${ms(f.keystrokeMs.p50)} / ${ms(f.keystrokeMs.p99)} / ${ms(f.keystrokeMs.max)}`,
      goal: '',
      verdict: '',
    },
    { figure: 'per keystroke p95, first pass (cold JIT)', value: ms(f.keystrokeMs.coldP95), goal: '', verdict: '' },
    {
      figure: 'typo queries with the intended job in the top 20',
      value: `${f.typoFound.session} / ${f.typoFound.of}`,
      goal: 'all',
      verdict: verdict(f.typoFound.session === f.typoFound.of),
    },
    {
      figure: 'index size (strings 1 B/char + typed arrays)',
      value: `${f.indexMb.toFixed(1)} MB`,
      goal: 'report',
      verdict: '',
    },
    { figure: 'structured-clone size', value: `${f.storedMb.toFixed(1)} MB`, goal: 'report', verdict: '' },
    {
      figure: 'structured-clone size, 20 jobs a customer (emulator-like)',
      value: `${f.emulatorShapeMb.toFixed(1)} MB`,
      goal: 'report',
      verdict: '',
    },
    { figure: 'applyChanges, 10 upserts + 1 removal', value: ms(f.applyTenChangesMs), goal: '', verdict: '' },
  ]);
  console.table(Object.entries(f.byKind).map(([kind, k]) => ({ kind, keystrokes: k.keystrokes, p95: ms(k.p95) })));
  console.log(
    `builds (wall): ${buildWalls.map(ms).join(', ')}; load average (1 min, higher of start and end): ${f.loadAverage.toFixed(1)} on 2 cores`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runSearchBench();
