import { browser } from 'wxt/browser';
import type { DayBounds, FirstScreen, KeptFirstScreen, MyJobs, TodayJobs } from '../../settings/kept-first-screen';
import { dayBounds, shiftDate } from '../../locale/days';
import { shortDaysOf } from '../../locale/words';
import { areaName, STORAGE_KEYS } from '../../settings/keys';
import { earlyOr } from './early-reads';

// The popup's first screen (20 rows) as last shown or prepared, naming its cache, and today's jobs as the background
// last read them. The popup reads them with the session (parallel storage reads are cheaper than opening IndexedDB),
// so it paints rows before it opens the cache; a kept screen shows only when the session names the same cache and its
// day is the account's today, so another person's jobs or yesterday's never show. Both live in storage.session (in
// memory, out of content scripts' reach, cleared on sign-out), read and written raw so the popup bundles no zod.

/** The storage.session names of `popupFirstScreenItem` and `todayJobsItem`. */
export const FIRST_SCREEN_NAME = areaName(STORAGE_KEYS.popupFirstScreen);
export const TODAY_JOBS_NAME = areaName(STORAGE_KEYS.todayJobs);
export const MY_JOBS_NAME = areaName(STORAGE_KEYS.myJobs);

export type { DayBounds, FirstScreen, KeptFirstScreen, MyJobs, TodayJobs };

export interface Kept {
  screen: KeptFirstScreen | null;
  today: TodayJobs | null;
  mine: MyJobs | null;
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** The first screen kept last and today's jobs, each null when none (or not in the shape kept). */
export async function readKept(): Promise<Kept> {
  try {
    const stored = await earlyOr('firstScreen', () =>
      browser.storage.session.get([FIRST_SCREEN_NAME, TODAY_JOBS_NAME, MY_JOBS_NAME]),
    );
    return keptFrom(stored);
  } catch {
    return { screen: null, today: null, mine: null }; // only a head start: the cache answers anyway
  }
}

/** What was kept, from the storage.session read of its three names (each null when absent or not in its shape). */
export function keptFrom(stored: Record<string, unknown>): Kept {
  return {
    screen: asScreen(stored[FIRST_SCREEN_NAME]),
    today: asTodayJobs(stored[TODAY_JOBS_NAME]),
    mine: asMyJobs(stored[MY_JOBS_NAME]),
  };
}

function asMyJobs(value: unknown): MyJobs | null {
  const v = value as Partial<MyJobs> | undefined;
  if (!v || !isText(v.cacheName) || !isText(v.day) || typeof v.jobs !== 'object' || v.jobs === null) return null;
  return { cacheName: v.cacheName, day: v.day, jobs: v.jobs };
}

function asScreen(value: unknown): KeptFirstScreen | null {
  const v = value as Partial<KeptFirstScreen> | undefined;
  if (!v || !isText(v.cacheName) || !isText(v.day) || !isText(v.heading) || !Array.isArray(v.rows)) return null;
  const bounds = asBounds(v.bounds);
  const words = asDayWords(v.dayWords);
  return {
    cacheName: v.cacheName,
    day: v.day,
    heading: v.heading,
    rows: v.rows,
    ...(bounds ? { bounds } : {}),
    ...(words ? { dayWords: words } : {}),
  };
}

function asDayWords(value: unknown): Record<string, string> | null {
  if (typeof value !== 'object' || value === null) return null;
  const entries = Object.entries(value).filter(([date, text]) => /^\d{4}-\d{2}-\d{2}$/.test(date) && isText(text));
  return Object.fromEntries(entries);
}

function textEntries(value: object): Record<string, string> {
  return Object.fromEntries(Object.entries(value).filter(([, text]) => isText(text)));
}

function asBounds(value: unknown): DayBounds | null {
  const v = value as Partial<DayBounds> | undefined;
  const zone = v?.timeZone;
  if (!v || !(zone === null || isText(zone)) || !Number.isFinite(v.start) || !Number.isFinite(v.end)) return null;
  return { timeZone: zone, start: v.start!, end: v.end! };
}

function asTodayJobs(value: unknown): TodayJobs | null {
  const v = value as Partial<TodayJobs> | undefined;
  if (!v || !isText(v.cacheName) || !isText(v.day) || !Array.isArray(v.jobs) || !v.jobs.every(isText)) return null;
  // Today's visits (visit uuid → job uuid), kept by the background's reader (today-jobs.ts): only text passes.
  const visits = typeof v.visits === 'object' && v.visits !== null ? { visits: textEntries(v.visits) } : {};
  return {
    cacheName: v.cacheName,
    day: v.day,
    timeZone: isText(v.timeZone) ? v.timeZone : null,
    jobs: v.jobs,
    ...visits,
  };
}

/** Keeps `screen`, made for the day `screen.day` of the account's `timeZone`, with that day's bounds. */
export async function saveFirstScreen(cacheName: string, screen: FirstScreen, timeZone: string | null): Promise<void> {
  try {
    const bounds = { timeZone, ...dayBounds(screen.day, timeZone) };
    // A job of the person's own shows its next visit's day instead of its own (the popup's withTheirDays): those
    // days, as kept now, are worded too (the early script draws nothing with a day it has no words for), and the
    // week around today, for visits booked before the next opening keeps the screen again.
    const stored = await browser.storage.session.get(MY_JOBS_NAME);
    const mine = asMyJobs(stored[MY_JOBS_NAME]);
    const visits = mine?.cacheName === cacheName ? mine.jobs : {};
    const around = Array.from({ length: 9 }, (_, i) => shiftDate(screen.day, i - 1));
    const days = [
      ...around,
      ...screen.rows.flatMap((row) => [row.day, visits[row.uuid]].filter((d): d is string => !!d)),
    ];
    const kept: KeptFirstScreen = {
      cacheName,
      ...screen,
      ...(Number.isFinite(bounds.start + bounds.end) ? { bounds } : {}),
      dayWords: shortDaysOf(days, screen.day),
    };
    await browser.storage.session.set({ [FIRST_SCREEN_NAME]: kept });
  } catch {
    // Not kept: the next opening reads the cache first, as this one did.
  }
}

export async function saveTodayJobs(today: TodayJobs | null): Promise<void> {
  try {
    if (today === null) await browser.storage.session.remove(TODAY_JOBS_NAME);
    else await browser.storage.session.set({ [TODAY_JOBS_NAME]: today });
  } catch {
    // Not kept: the popup shows the jobs dated today instead, until the next reading of the day.
  }
}

/** Calls `onChange` when the background reads today's day anew (a new day, a visit booked). */
export function watchTodayJobs(onChange: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'session' && TODAY_JOBS_NAME in changes) onChange();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

// Which kept reads belong to a cache: one rule for the popup and the background's notices alike.
export interface KeptForCache {
  todayJobs: TodayJobs | null;
  myJobs: MyJobs | null;
  /** The account's time zone: the session's, else the one today's jobs were read in. */
  timeZone: string | null;
}

/** What was kept for the cache `dbName`: today's jobs and the person's own; the account's zone. */
export function keptFor(kept: Kept | null, dbName: string, sessionZone: string | null): KeptForCache {
  const todayJobs = kept?.today?.cacheName === dbName ? kept.today : null;
  const myJobs = kept?.mine?.cacheName === dbName ? kept.mine : null;
  return { todayJobs, myJobs, timeZone: sessionZone ?? todayJobs?.timeZone ?? null };
}
