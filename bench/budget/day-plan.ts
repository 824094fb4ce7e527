// A working day of change in a 50-person business (a bigger one: as many more changes as it has people), made
// through the emulator's control API (so the platform's webhooks fire as they would for the office's own edits),
// plus the notes technicians write in Fieldside itself (through its outbox). Seeded: every run plans the same day.

export const DAY_MINUTES = 8 * 60;

export type PlannedChange =
  | { minute: number; kind: 'job edit'; job: string; field: 'status' | 'job_description' | 'job_address' }
  | { minute: number; kind: 'badge'; job: string }
  | { minute: number; kind: 'note'; job: string }
  | { minute: number; kind: 'new job' }
  | { minute: number; kind: 'visit moved'; activity: string }
  | { minute: number; kind: 'fieldside note'; job: string; browser: number }
  | { minute: number; kind: 'arrived' | 'photo' | 'done'; job: string; browser: number };

/** Each technician's visits of the day: they arrive, take a photo and are done. */
export const VISITS_PER_TECHNICIAN = 3;

export const DAY_COUNTS = {
  'job edit': 400,
  note: 450,
  'fieldside note': 150,
  badge: 150,
  'new job': 40,
  'visit moved': 60,
} as const;

/** A small deterministic generator (mulberry32). */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

/** Business hours are busiest mid-morning and early afternoon: a minute drawn from two humps. A draw outside the day
 * is drawn again: clamped, the humps' tails (4 % of the day's changes) piled into the first minute and the last. */
export function busyMinute(random: ReturnType<typeof createRandom>): number {
  for (;;) {
    const centre = random.next() < 0.55 ? 120 : 330;
    const minute = Math.round(centre + (random.next() + random.next() + random.next() - 1.5) * 160);
    if (minute >= 0 && minute < DAY_MINUTES) return minute;
  }
}

export function planDay(opts: {
  seed: number;
  /** Jobs being worked on today (edits, badges and notes land on these). */
  activeJobs: readonly string[];
  /** Today's visits, some of which are moved. */
  activities: readonly string[];
  /** For each technician browser, the jobs it holds: its notes are about those. */
  technicianJobs: ReadonlyArray<{ browser: number; jobs: readonly string[] }>;
  /** The business's size against 50 people: each kind of change as many times more. */
  scale?: number;
}): PlannedChange[] {
  const random = createRandom(opts.seed);
  const plan: PlannedChange[] = [];
  const times = (kind: keyof typeof DAY_COUNTS) => Math.round(DAY_COUNTS[kind] * (opts.scale ?? 1));
  const fields = ['status', 'job_description', 'job_address'] as const;
  for (let i = 0; i < times('job edit'); i++)
    plan.push({
      minute: busyMinute(random),
      kind: 'job edit',
      job: random.pick(opts.activeJobs),
      field: random.pick(fields),
    });
  for (let i = 0; i < times('badge'); i++)
    plan.push({ minute: busyMinute(random), kind: 'badge', job: random.pick(opts.activeJobs) });
  for (let i = 0; i < times('note'); i++)
    plan.push({ minute: busyMinute(random), kind: 'note', job: random.pick(opts.activeJobs) });
  for (let i = 0; i < times('new job'); i++) plan.push({ minute: busyMinute(random), kind: 'new job' });
  for (let i = 0; i < times('visit moved'); i++)
    plan.push({ minute: busyMinute(random), kind: 'visit moved', activity: random.pick(opts.activities) });
  const writers = opts.technicianJobs.filter((t) => t.jobs.length > 0);
  for (let i = 0; i < times('fieldside note') && writers.length > 0; i++) {
    const writer = random.pick(writers);
    plan.push({
      minute: busyMinute(random),
      kind: 'fieldside note',
      job: random.pick(writer.jobs),
      browser: writer.browser,
    });
  }
  // Visits spread over the day, staggered per technician: arrive, a photo 20 minutes in, done after 50.
  for (const [n, tech] of writers.entries()) {
    for (let v = 0; v < VISITS_PER_TECHNICIAN; v++) {
      const start = Math.min(DAY_MINUTES - 60, 20 + v * 150 + ((n * 7) % 90));
      const job = tech.jobs[(tech.jobs.length - 1 - v + tech.jobs.length) % tech.jobs.length]!;
      plan.push({ minute: start, kind: 'arrived', job, browser: tech.browser });
      plan.push({ minute: start + 20, kind: 'photo', job, browser: tech.browser });
      plan.push({ minute: start + 50, kind: 'done', job, browser: tech.browser });
    }
  }
  return plan.sort((a, b) => a.minute - b.minute);
}
