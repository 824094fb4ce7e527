// The sync state: what the popup and options page show (progress, freshness, counts, the last
// error in words) plus what the next sync needs to go on (resume point, incremental mark). It is
// stored in the cache database after every page, so it survives a stopped service worker.
import { z } from 'zod';
import type { Skipped } from '../../api/record-schema';
import { PlatformUuidSchema } from '../../../contracts/uuid';

export type SyncPhase = 'idle' | 'full' | 'incremental' | 'error';

export interface SyncCounts {
  /** Live jobs (tombstones excluded). */
  jobs: number;
  /** Inactive (deleted) jobs kept so that deletions reach the cache. */
  tombstones: number;
  companies: number;
  segments: number;
}

export interface SyncState {
  phase: SyncPhase;
  /** Pages stored by the current full sync (or the last one), both collections. */
  pagesDone: number;
  /** Jobs stored by the current full sync (or the last one). */
  jobsStored: number;
  /** Platform time (ms since the epoch) at which the last completed sync started; null before the first. */
  lastSyncedAt: number | null;
  counts: SyncCounts;
  /** Malformed records skipped by the current or last sync. */
  skipped: number;
  /** A few of them, with why, for the options page. */
  skippedExamples: Skipped[];
  /** Why the last sync did not finish, in words; null after a successful one. */
  lastError: string | null;
  /** Whether the browser granted persistent storage; null when not asked yet. */
  persisted: boolean | null;
}

export interface ResumePoint {
  /** What the unfinished full sync does next: read companies, read jobs, or (every page stored)
   * build and store the search index. */
  collection: 'companies' | 'jobs' | 'index';
  /** The cursor of the next page to read ("" for the index step). */
  cursor: string;
}

/** What is stored: the visible state plus the bookkeeping of the sync itself. */
export interface StoredSyncState extends SyncState {
  version: 1;
  /** A full sync has finished: later syncs are incremental. */
  complete: boolean;
  /** Where an unfinished full sync goes on; null when none is under way. */
  resume: ResumePoint | null;
  /** Platform time at the start of the full sync under way (becomes the mark when it finishes). */
  fullStartedAt: number | null;
  /** The account's IANA time zone (vendor.timezone_name): edit_date is local time there. */
  timeZone: string | null;
}

const skippedSchema = z.object({ uuid: PlatformUuidSchema.nullable(), reason: z.string() });
const countsSchema = z.object({
  jobs: z.number(),
  tombstones: z.number(),
  companies: z.number(),
  segments: z.number(),
});

/** Validates a stored state (it may come from an older build or a damaged database). */
export const StoredSyncStateSchema = z.object({
  version: z.literal(1),
  phase: z.enum(['idle', 'full', 'incremental', 'error']),
  pagesDone: z.number(),
  jobsStored: z.number(),
  lastSyncedAt: z.number().nullable(),
  counts: countsSchema,
  skipped: z.number(),
  skippedExamples: z.array(skippedSchema),
  lastError: z.string().nullable(),
  persisted: z.boolean().nullable(),
  complete: z.boolean(),
  resume: z.object({ collection: z.enum(['companies', 'jobs', 'index']), cursor: z.string() }).nullable(),
  fullStartedAt: z.number().nullable(),
  timeZone: z.string().nullable(),
});

export const MAX_SKIPPED_EXAMPLES = 5;

export function initialSyncState(): StoredSyncState {
  return {
    version: 1,
    phase: 'idle',
    pagesDone: 0,
    jobsStored: 0,
    lastSyncedAt: null,
    counts: { jobs: 0, tombstones: 0, companies: 0, segments: 0 },
    skipped: 0,
    skippedExamples: [],
    lastError: null,
    persisted: null,
    complete: false,
    resume: null,
    fullStartedAt: null,
    timeZone: null,
  };
}

/** The stored state, or a fresh one when nothing (or nothing readable) is stored. */
export function readSyncState(value: unknown): StoredSyncState {
  const parsed = StoredSyncStateSchema.safeParse(value);
  return parsed.success ? parsed.data : initialSyncState();
}

/** The part of the state other contexts see (no resume bookkeeping). */
export function publicState(s: StoredSyncState): SyncState {
  const { phase, pagesDone, jobsStored, lastSyncedAt, counts, skipped, skippedExamples, lastError, persisted } = s;
  return {
    phase,
    pagesDone,
    jobsStored,
    lastSyncedAt,
    counts: { ...counts },
    skipped,
    skippedExamples: [...skippedExamples],
    lastError,
    persisted,
  };
}
