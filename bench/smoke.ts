// `npm run bench -- --smoke` (what tests/budgets/bench-smoke.test.ts runs in `npm test`): every benchmark at a
// small size (a few thousand jobs, one round), so one that no longer runs to the end fails CI. Timings are printed
// as ever but mean nothing at this size, and no goal is checked; each benchmark instead checks that what it
// measured is sane (counts add up, figures are numbers) and throws if not. Read from the environment, so that
// processes a benchmark starts see it too.

export const SMOKE_ENV = 'FIELDSIDE_BENCH_SMOKE';

export const isSmoke = (): boolean => process.env[SMOKE_ENV] === '1';

/** `full` in a real run, `small` in a smoke run. */
export const sized = <T>(full: T, small: T): T => (isSmoke() ? small : full);

/** Throws when a measured figure is not sane: what a smoke run holds every benchmark to. */
export function expectSane(condition: boolean, what: string): void {
  if (!condition) throw new Error(`Benchmark output is not sane: ${what}`);
}

/** Every value a finite, non-negative number. */
export function expectFigures(figures: Record<string, number>): void {
  for (const [name, value] of Object.entries(figures))
    expectSane(Number.isFinite(value) && value >= 0, `${name} is ${value}`);
}
