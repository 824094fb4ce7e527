// Popup openings as both browsers' benchmarks report them: each opening's time from navigation start to the
// first result row painted (the popup's own `body[data-first-results-ms]`), the goal on their p95, and where the
// time went: the browser's own part (an empty extension page's first paint, timed the same way in the same
// minutes; the popup's HTML parsed) beside ours (our modules loaded and run, the first rows rendered).

export const POPUP_GOAL_MS = 100;

/** Times of one opening, ms from navigation start (a mark the driver does not give is NaN). */
export interface OpeningPhases {
  /** The popup's HTML parsed (navigation timing): the parser has waited for the early script (parser-blocking, first
   * in <head>), which has started its storage reads; nothing else of ours has run. */
  domInteractive: number;
  /** Our modules fetched and evaluated (the popup's `fieldside:boot` mark). */
  boot: number;
  /** The first rows set in the model, before their render and frame (`fieldside:rows-set`). */
  rowsSet: number;
  /** The kept rows drawn as plain DOM by the early script, before our modules ran (`fieldside:early-rows`); NaN when
   * it drew none (the App drew the first rows). */
  earlyRows: number;
  /** The browser's own first contentful paint of the popup (paint timing): the frame that showed its first text. With
   * the rows drawn early, that frame shows them; otherwise it may be the App's heading alone. */
  contentfulPaint: number;
}

/** Which row was timed as the first, and which the popup shows once it has read its cache (the truth). */
export interface FirstRow {
  /** The job number of the row marked as first painted (`body[data-first-results-row]`), '' if none. */
  marked: string;
  /** Who painted it: 'early' (the early script's plain rows) or 'app'. */
  by: string;
  /** The job number of the first row the popup shows after its cache was read. */
  shown: string;
}

export interface Opening {
  ms: number;
  rows: number;
  /** The popup's own performance marks (scope read, cache opened, index read), ms from navigation. */
  marks: string;
  phases: OpeningPhases;
  first: FirstRow;
}

/** In the page (page.evaluate): the opening's phases from navigation timing and the popup's marks. */
export function phasesInPage(): OpeningPhases {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const mark = (name: string) => performance.getEntriesByName(`fieldside:${name}`)[0]?.startTime ?? Number.NaN;
  return {
    domInteractive: nav?.domInteractive ?? Number.NaN,
    boot: mark('boot'),
    rowsSet: mark('rows-set'),
    earlyRows: mark('early-rows'),
    contentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  };
}

/** In the page (page.evaluate), once its cache is read (`fieldside:cache-read`, waited for up to 10 s): the row timed
 * as the first and the first row then shown, so the bench can check the row it timed was the person's real row. */
export async function firstRowInPage(): Promise<FirstRow> {
  const t0 = performance.now();
  while (performance.now() - t0 < 10_000 && performance.getEntriesByName('fieldside:cache-read').length === 0)
    await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => requestAnimationFrame(r)); // the rows the cache answered are rendered
  const number = document.querySelector('#results [role="option"] .result-number')?.textContent ?? '';
  return {
    marked: document.body.dataset.firstResultsRow ?? '',
    by: document.body.dataset.firstResultsBy ?? '',
    shown: number.replace(/^#/, ''),
  };
}

/** Every opening timed a row, and the row it timed is the one the popup shows once it has read its cache. */
export function firstRowsHonest(openings: readonly Opening[]): boolean {
  return openings.every((o) => o.first.marked !== '' && o.first.marked === o.first.shown);
}

/** In the page (page.evaluate), on a page that paints one line of text and runs nothing: its first contentful
 * paint (the text, as the popup's first row is), ms from navigation start; NaN if the browser reports none. */
export function firstPaintInPage(): Promise<number> {
  return new Promise((resolve) => {
    const found = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const now = found();
    if (now !== undefined) return resolve(now);
    const observer = new PerformanceObserver(() => {
      const at = found();
      if (at === undefined) return;
      observer.disconnect();
      resolve(at);
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve(found() ?? Number.NaN);
    }, 3000);
  });
}

/** Nearest rank: of ten openings, p95 is the slowest but none. */
export function nearestRank(values: readonly number[], p: number): number {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

type Row = { measure: string; value: string; goal: string; verdict: string };

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '–');
/** "median / p95 / max ms" of values (NaN left out). */
const spread = (values: readonly number[]) =>
  values.some(Number.isFinite)
    ? `${ms(nearestRank(values, 50))} / ${ms(nearestRank(values, 95))} / ${ms(Math.max(...values.filter(Number.isFinite)))} ms`
    : 'not given by this browser';

/** A row with no goal of its own: a figure that explains the ones judged. */
const info = (measure: string, value: string): Row => ({ measure, value, goal: '', verdict: '' });

/** Rows for a console.table: every opening in order, p50 and p95 against the goal, then the time split into the
 * browser's own part and ours. `emptyPaints`: an empty extension page's first paint, opened beside each opening
 * (the browser alone, in the same harness and minutes); empty when the driver cannot time one. */
export function openingRows(openings: readonly Opening[], first: string, emptyPaints: readonly number[] = []): Row[] {
  const times = openings.map((o) => o.ms);
  const p95 = nearestRank(times, 95);
  const phase = (from: keyof OpeningPhases | 'start', to: keyof OpeningPhases | 'first') =>
    openings.map((o) => (to === 'first' ? o.ms : o.phases[to]) - (from === 'start' ? 0 : o.phases[from]));
  const drawnEarly = openings.filter((o) => Number.isFinite(o.phases.earlyRows)).length;
  const byApp = openings.map((o) => (o.first.by === 'early' ? Number.NaN : o.ms - o.phases.rowsSet));
  const tookOver = openings.map((o) => (o.first.by === 'early' ? o.phases.rowsSet - o.ms : Number.NaN));
  return [
    info(
      `popup open → first result row, ${openings.length} openings (${first})`,
      `${times.join(', ')} ms (${openings[0]?.rows ?? 0} rows)`,
    ),
    info('  p50', `${nearestRank(times, 50)} ms`),
    {
      measure: '  p95',
      value: `${p95} ms`,
      goal: `≤ ${POPUP_GOAL_MS} ms`,
      verdict: p95 <= POPUP_GOAL_MS ? 'met' : 'MISSED',
    },
    info(
      "  the browser's own: an empty extension page, navigation → first paint, median / p95 / max",
      emptyPaints.length > 0 ? `${spread(emptyPaints)} (${emptyPaints.length} openings)` : 'not timed here',
    ),
    info(
      "  the browser's own and the early script's load: navigation → the popup's HTML parsed (domInteractive), median / p95 / max",
      spread(phase('start', 'domInteractive')),
    ),
    info(
      `  ours: HTML parsed → the kept rows drawn by the early script (plain DOM), median / p95 / max`,
      `${spread(phase('domInteractive', 'earlyRows'))} (${drawnEarly} of ${openings.length} openings)`,
    ),
    info(
      '  ours: the early rows drawn → first result row painted (its frame), median / p95 / max',
      spread(phase('earlyRows', 'first')),
    ),
    info(
      "  the browser's paint timing: the popup's first contentful paint, median / p95 / max",
      spread(phase('start', 'contentfulPaint')),
    ),
    info(
      '  ours: HTML parsed → our modules evaluated (boot), median / p95 / max',
      spread(phase('domInteractive', 'boot')),
    ),
    info(
      '  ours: boot → rows set (session and kept screen taken), median / p95 / max',
      spread(phase('boot', 'rowsSet')),
    ),
    info(
      '  ours: rows set → first result row painted (the first render, its frame), median / p95 / max',
      drawnEarly === openings.length ? 'none: the early script painted every first row' : spread(byApp),
    ),
    info(
      '  the App took the early rows over (rows set), ms after the first row was painted, median / max',
      drawnEarly === 0 ? 'none drawn early' : spread(tookOver).replace(/ \/ [^/]+ \//, ' /'),
    ),
    {
      measure: '  the row timed is the first row shown once the cache is read (job number)',
      value: openings
        .map((o) => `${o.first.marked || '–'}${o.first.marked === o.first.shown ? '' : ` ≠ ${o.first.shown}`}`)
        .join(', '),
      goal: 'every opening',
      verdict: firstRowsHonest(openings) ? 'met' : 'MISSED',
    },
    // Per opening, everything after the browser has parsed the popup's HTML: modules, our code, the frame.
    info(
      '  ours in all: HTML parsed → first result row painted, median / p95 / max',
      spread(phase('domInteractive', 'first')),
    ),
  ];
}
