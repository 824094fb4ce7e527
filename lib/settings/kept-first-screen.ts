// The stored shape of the popup's kept first screen (the `popupFirstScreen` item): declared with the
// other storage contracts so lib/settings names every stored shape; lib/cache/first-screen reads and
// writes it. Types only: the popup imports this without bundling anything.

export type ShownField = 'number' | 'customer' | 'address' | 'line';

/** A job as a quick-search row: the job's own text and, per shown field, the matched ranges. */
export interface QuickRow {
  uuid: string;
  number: string;
  status: string;
  customer: string;
  address: string;
  /** The first line of the job's description ('' in rows kept before it was). */
  line?: string;
  /** The job's day, `YYYY-MM-DD` (its next visit, else its date), '' when it has none. */
  day?: string;
  /** Half-open `[start, end)` offsets into the field's text, as lib/search reports them. */
  marks: Partial<Record<ShownField, ReadonlyArray<readonly [number, number]>>>;
}

export interface FirstScreen {
  /** The local day it was made on: "Today's jobs" of yesterday are not shown. */
  day: string;
  heading: string;
  rows: QuickRow[];
}

/** When the first screen's `day` is the account's today: from `start` to `end` (ms), in `timeZone`.
 * Worked out by whoever keeps the screen, so the popup knows today without a time-zone lookup (the
 * first one in a new page costs it over a hundred milliseconds before its first paint). */
export interface DayBounds {
  timeZone: string | null;
  start: number;
  end: number;
}

export type KeptFirstScreen = FirstScreen & {
  cacheName: string;
  bounds?: DayBounds;
  /** Rows' days (and the days around `day`) in the person's words as seen on `day`, worked out by whoever kept the
   * screen: the popup paints them without its first Intl format (lib/locale/words.ts). */
  dayWords?: Record<string, string>;
};

/** The jobs that are the staff member's own (lib/side-panel/my-jobs.ts), each with its next visit of
 * theirs (`YYYY-MM-DD`, '' when none is ahead): "mine" in the popup's search, and the day on a row. */
export interface MyJobs {
  cacheName: string;
  /** The account's day they were read on. */
  day: string;
  jobs: Record<string, string>;
}

/** Today's jobs of the staff member in view as the background last read their day (the side
 * panel's day, the toolbar badge's count): the popup's "Today's jobs" are the same ones. */
export interface TodayJobs {
  /** The cache (workspace) they are of. */
  cacheName: string;
  /** Today in the account's time zone, `YYYY-MM-DD`. */
  day: string;
  /** The account's time zone it was worked out in (null: the device's). */
  timeZone: string | null;
  /** Job uuids in the day's order: visits by time, then the jobs without a set time. */
  jobs: string[];
  /** Today's visits of theirs: visit uuid → job uuid (the notices' "a visit of yours moved"). */
  visits?: Record<string, string>;
}
