import type { BudgetResult } from '../budget.js';
import { CAUSES } from './causes';
import { DAY_MINUTES } from './day-plan';

/** Requests per account-day allowed, by the business's size (issues 18 and 29). */
const GOAL_DAY: Record<number, number> = { 50: 2_000, 200: 6_000 };
const GOAL_BEHIND_S = 10;
const GOAL_MINUTE = 120;

const pad = (s: string | number, n: number) => String(s).padStart(n);
const pct = (x: number) => `${Math.round(x * 100)} %`;

/** The budget table: requests per hour by cause, the day, the peak minute, the longest time behind, and the records
 * delivered to someone the platform would not show them. */
export function printBudget(
  r: BudgetResult,
  ctx: { setupSeconds: number; dailyLimit: number; split: { paired: number; declared: number; never: number } },
): void {
  const widths = CAUSES.map((c) => Math.max(c.length, 6));
  console.log(`\n${'hour'.padEnd(6)} ${CAUSES.map((c, i) => pad(c, widths[i]!)).join(' ')} ${pad('total', 7)}`);
  r.byHour.forEach((h, i) =>
    console.log(
      `${String(i + 1).padEnd(6)} ${CAUSES.map((c, k) => pad(h[c], widths[k]!)).join(' ')} ${pad(h.total, 7)}`,
    ),
  );
  console.log(`${'day'.padEnd(6)} ${CAUSES.map((c, k) => pad(r.byCause[c], widths[k]!)).join(' ')} ${pad(r.total, 7)}`);
  const ok = (met: boolean) => (met ? 'met' : 'MISSED');
  const goalDay = GOAL_DAY[r.staff] ?? Math.round(r.staff * 30);
  console.log(
    `\n${r.staff} staff; browsers: ${r.browsers.paired} paired from the job card, ${r.browsers.declared} self-declared, ${r.browsers.never} people never opened Fieldside (split ${pct(ctx.split.paired)} / ${pct(ctx.split.declared)} / ${pct(ctx.split.never)})`,
  );
  console.log(
    `changes made: ${r.changes}; run ${r.seconds.toFixed(0)} s (of which setup, yesterday's caches, ${ctx.setupSeconds.toFixed(0)} s)`,
  );
  const wholeDay = r.minutes >= DAY_MINUTES;
  if (wholeDay) console.log(`requests per account-day: ${r.total} (goal <= ${goalDay}: ${ok(r.total <= goalDay)})`);
  else {
    console.log(`requests in the first ${r.minutes} minutes: ${r.total} (a part of the day: no verdict on the day)`);
    console.log(`requests per minute: ${r.perMinute.map((n, m) => `${m}:${n}`).join(' ')}`);
  }
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
    `records delivered to someone the platform would not show them: ${r.records.refused} (of ${r.records.delivered} records delivered, each checked by a read as its reader) (goal 0: ${ok(r.records.refused === 0)})`,
  );
  for (const refusal of r.records.refusals) console.log(`  ${refusal}`);
  console.log(
    `budget: ${r.total} requests per account-day (${r.staff} staff), ${((100 * r.total) / ctx.dailyLimit).toFixed(1)}% of the daily limit`,
  );
}
