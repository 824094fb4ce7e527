import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { sendFromPage } from './chromium';

// Sync helpers for e2e tests: the sync status from the background, the job cache read straight
// from IndexedDB in an extension page (same origin as the background), and a content hash to
// compare it with the emulator.

export interface CachedJob {
  uuid: string;
  editDate: string | null;
}

export async function syncStatus(page: Page): Promise<any> {
  const reply = await sendFromPage(page, 'sync.status');
  if (!reply.ok) throw new Error(`sync.status failed: ${reply.error?.name}: ${reply.error?.message}`);
  return reply.value;
}

/** Waits until a sync has finished (idle, with a last-synced time); returns its status. */
export async function waitForSynced(page: Page, timeoutMs = 90_000, since = 0): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  for (;;) {
    try {
      last = await syncStatus(page);
      if (last.phase === 'idle' && last.lastSyncedAt !== null && last.lastSyncedAt > since) return last;
    } catch {
      // The worker may be (re)starting.
    }
    if (Date.now() > deadline) throw new Error(`No finished sync within ${timeoutMs} ms; last status ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the sync status satisfies `test` (e.g. a first page stored). */
export async function waitForStatus(page: Page, test: (status: any) => boolean, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await syncStatus(page).catch(() => null);
    if (status && test(status)) return status;
    if (Date.now() > deadline) throw new Error(`Sync status never matched; last ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every live job in the cache database `dbName`, one entry per live slot (duplicates show). */
export function readCachedJobs(page: Page, dbName: string): Promise<CachedJob[]> {
  return page.evaluate(
    (name) =>
      new Promise<CachedJob[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('jobLookup')) {
            db.close();
            return resolve([]);
          }
          const tx = db.transaction(['jobLookup', 'jobSegments'], 'readonly');
          const chunks = tx.objectStore('jobLookup').getAll();
          const segments = tx.objectStore('jobSegments').getAll();
          tx.oncomplete = () => {
            db.close();
            // Segments store jobs as columns (lib/cache/store/segment-codec.ts): job i is slot i of each.
            type Columns = { uuid: string[]; edit_date: Array<string | null> };
            const bySegment = new Map((segments.result as Array<{ id: number; columns: Columns }>).map((s) => [s.id, s.columns]));
            const out: CachedJob[] = [];
            for (const chunk of chunks.result as Array<{ segment: number; active: Uint8Array }>) {
              const columns = bySegment.get(chunk.segment) ?? { uuid: [], edit_date: [] };
              chunk.active.forEach((flag, i) => {
                if (flag === 1) out.push({ uuid: columns.uuid[i]!, editDate: columns.edit_date[i] ?? null });
              });
            }
            resolve(out);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    dbName,
  );
}

export function cacheName(accountUuid: string, staff: string): string {
  return `fieldside-cache:${accountUuid.toLowerCase()}:${staff === 'all' ? 'all' : staff.toLowerCase()}`;
}

/** Count and a hash of the sorted uuid + edit date pairs: equal sets give equal hashes. */
export function contentHash(jobs: readonly CachedJob[]): { count: number; distinct: number; hash: string } {
  const lines = jobs.map((j) => `${j.uuid.toLowerCase()} ${j.editDate ?? ''}`).sort();
  return {
    count: jobs.length,
    distinct: new Set(jobs.map((j) => j.uuid.toLowerCase())).size,
    hash: createHash('sha256').update(lines.join('\n')).digest('hex'),
  };
}

/** The same for the emulator's records (active jobs only), optionally limited to some uuids. */
export function serverHash(records: ReadonlyArray<Record<string, unknown>>, only?: ReadonlySet<string>) {
  const live = records.filter((r) => (r.active === 1 || r.active === true || r.active === '1') && (!only || only.has(String(r.uuid))));
  return contentHash(live.map((r) => ({ uuid: String(r.uuid), editDate: (r.edit_date as string | null) ?? null })));
}
