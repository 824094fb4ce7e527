// The kept first screen as the popup's early script may draw it before the popup's modules have loaded: the same
// rows the popup's model shows first (lib/quick-search/search-model.ts, showKept), decided the same way (the session
// names the cache the screen was made from; its day is today by the bounds kept with it), and nothing that needs a
// time-zone lookup or an Intl format: when a row's day words or the day's bounds are missing, null (the app decides).
import { keptFor, keptFrom } from '../cache/first-screen/kept-screen';
import type { QuickRow } from '../cache/first-screen/rows';
import { withTheirDays } from './kept-for-cache';
import { popupWorkspaceOf } from './popup-workspace';

export interface EarlyRow {
  row: QuickRow;
  /** The row's day in words ("today", "Sat 28 Nov"), '' when it has none. */
  day: string;
}

export interface EarlyScreen {
  heading: string;
  rows: EarlyRow[];
}

/** The first screen to draw early, from the raw session record and the raw storage.session read of the kept screen,
 * at `now`; null when the popup's own code must decide (signed out, another cache, another day, no rows). */
export function earlyScreenOf(session: unknown, stored: Record<string, unknown>, now: number): EarlyScreen | null {
  const workspace = popupWorkspaceOf(session);
  if (workspace.state !== 'ready' || !workspace.canSearch) return null;
  const kept = keptFrom(stored);
  const screen = kept.screen;
  if (screen?.cacheName !== workspace.dbName || !screen.bounds || screen.rows.length === 0) return null;
  const known = keptFor(kept, workspace.dbName, workspace.timeZone);
  const { timeZone, start, end } = screen.bounds;
  if (timeZone !== known.timeZone || now < start || now >= end) return null;
  const words = screen.dayWords ?? {};
  const rows: EarlyRow[] = [];
  for (const row of withTheirDays(screen.rows, known, screen.day)) {
    const day = row.day ? words[row.day.slice(0, 10)] : '';
    if (day === undefined) return null;
    rows.push({ row, day });
  }
  return { heading: screen.heading, rows };
}
