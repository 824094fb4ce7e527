import { areaName, STORAGE_KEYS } from '../../settings/keys';

// The popup's first two storage reads, started by entrypoints/popup-early (a classic script in the
// popup's <head>) while the popup's modules still load. Each is taken once: later reads (a session
// change, a re-read after a sync) go to storage again.

export const EARLY_READS = '__fieldsideEarlyReads';

/** The storage names read early (lib/settings/keys.ts imports nothing, so the early script stays tiny). */
export const EARLY_KEYS = {
  session: areaName(STORAGE_KEYS.session),
  firstScreen: areaName(STORAGE_KEYS.popupFirstScreen),
  todayJobs: areaName(STORAGE_KEYS.todayJobs),
  myJobs: areaName(STORAGE_KEYS.myJobs),
} as const;

export interface EarlyReads {
  /** The session record, from wherever the trusted items live (lib/settings/trusted-item.ts). */
  session?: Promise<Record<string, unknown>>;
  /** The kept first screen and today's jobs, from storage.session in one read. */
  firstScreen?: Promise<Record<string, unknown>>;
}

/** The early read `name`, once, or a fresh read by `read` (no early read: other pages, tests, a
 * second call; or the early one failed). */
export async function earlyOr(
  name: keyof EarlyReads,
  read: () => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const reads = (globalThis as unknown as Record<string, unknown>)[EARLY_READS] as EarlyReads | undefined;
  const early = reads?.[name];
  if (reads) delete reads[name];
  return (early ? await early.catch(() => undefined) : undefined) ?? read();
}
