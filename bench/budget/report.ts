import type { BudgetResult } from '../budget.js';
import { CAUSES } from './causes';

const GOAL_DAY = 2_000;
const GOAL_BEHIND_S = 10;
const GOAL_MINUTE = 120;

const pad = (s: string | number, n: number) => String(s).padStart(n);

/** The budget table: requests per hour by cause, the day, the peak minute, the longest time behind. */
export function printBudget(r: BudgetResult, ctx: { setupSeconds: number; staff: number; dailyLimit: number }): void {
  const widths = CAUSES.map((c) => Math.max(c.length, 6));
  console.log(`\n${'hour'.padEnd(6)} ${CAUSES.map((c, i) => pad(c, widths[i]!)).join(' ')} ${pad('total', 7)}`);
  r.byHour.forEach((h, i) =>
    console.log(
      `${String(i + 1).padEnd(6)} ${CAUSES.map((c, k) => pad(h[c], widths[k]!)).join(' ')} ${pad(h.total, 7)}`,
    ),
  );
  console.log(`${'day'.padEnd(6)} ${CAUSES.map((c, k) => pad(r.byCause[c], widths[k]!)).join(' ')} ${pad(r.total, 7)}`);
  const ok = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log(
    `\nchanges made: ${r.changes}; run ${r.seconds.toFixed(0)} s (of which setup, yesterday's caches, ${ctx.setupSeconds.toFixed(0)} s)`,
  );
  console.log(`requests per account-day: ${r.total} (goal <= ${GOAL_DAY}: ${ok(r.total <= GOAL_DAY)})`);
  const peakCauses = Object.entries(r.peak.causes)
    .map(([cause, n]) => `${cause} ${n}`)
    .join(', ');
  console.log(
    `peak requests in one minute: ${r.peakPerMinute} at minute ${r.peak.minute} (${peakCauses}) (goal <= ${GOAL_MINUTE}: ${ok(r.peakPerMinute <= GOAL_MINUTE)})`,
  );
  console.log(
    `longest any open browser stayed behind a change: ${r.behind.max.toFixed(1)} s, p95 ${r.behind.p95.toFixed(1)} s over ${r.behind.count} (browser, change) pairs; never caught up by evening: ${r.behind.never} (goal <= ${GOAL_BEHIND_S} s: ${ok(r.behind.max <= GOAL_BEHIND_S && r.behind.never === 0)})`,
  );
  console.log(
    `budget: ${r.total} requests per account-day (${ctx.staff} staff), ${((100 * r.total) / ctx.dailyLimit).toFixed(1)}% of the daily limit`,
  );
}
