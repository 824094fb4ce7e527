import { computed, signal } from '@preact/signals';
import { createTypeahead, type Typeahead } from '../search/query/typeahead';
import type { SyncStatus } from '../messaging/views';
import type { IndexPreview } from '../search/format/types';
import { afterPaint, openCacheReader, type CacheReader } from '../cache/reader/cache-reader';
import { statusWords } from './freshness';
import { openExistingDb } from '../cache/reader/idb-read';
import {
  FIRST_SCREEN_ROWS,
  firstScreenFromIndex,
  firstScreenFromPreview,
  firstScreenFromRecords,
} from '../cache/first-screen/first-screen';
import { readKept, saveFirstScreen, watchTodayJobs } from '../cache/first-screen/kept-screen';
import { countWords, hasFilters, queryWords, type QueryWords } from './query-words';
import { filteredRows, keptFor, withNextVisits, type KeptForCache } from './filtered-rows';
import { rowOf, type QuickRow } from '../cache/first-screen/rows';
import { readPopupWorkspace, watchPopupWorkspace, type PopupWorkspace } from './popup-workspace';
import { watchSync } from './sync-watch';
import { todayIn } from '../locale/days';

// The quick search's state, shared by the popup and the picker: the cache of the current workspace,
// opened here (no background round trip per keystroke), the rows shown, the selection, and what
// the status line says (offline, freshness, first-sync progress).

export const RESULT_LIMIT = FIRST_SCREEN_ROWS;

export function createQuickSearchModel(deps: { now?: () => number } = {}) {
  const now = deps.now ?? Date.now;
  const workspace = signal<PopupWorkspace | null>(null, { name: 'workspace' });
  const query = signal('', { name: 'query' });
  const rows = signal<QuickRow[]>([], { name: 'rows' });
  const title = signal('', { name: 'heading' });
  /** The query the rows shown answer (trimmed; '' for today's or recent jobs), null before any. */
  const answered = signal<string | null>(null, { name: 'answered' });
  const active = signal(0, { name: 'active' });
  const sync = signal<SyncStatus | null>(null, { name: 'sync' });
  const reachable = signal(true, { name: 'reachable' });
  const online = signal(navigator.onLine, { name: 'online' });
  const clock = signal(now(), { name: 'clock' });
  const stored = signal<CacheReader['synced']>(null, { name: 'stored' });
  const hasCache = signal<boolean | null>(null, { name: 'hasCache' });

  let reader: CacheReader | null = null;
  let typeahead: Typeahead | null = null;
  let issued = 0;
  let loading: Promise<void> | null = null;
  /** While the cache is being (re)opened, keystrokes wait: the opening answers the latest query. */
  let opening = false;
  let cacheName: string | null = null;
  /** Today's jobs, the person's own and the account's zone, as kept for the cache open. */
  let known: KeptForCache = keptFor(null, '', null);
  let firstShown: () => void = () => {};
  /** Resolves when the first rows (or the empty state) are on screen. */
  const firstResults = new Promise<void>((resolve) => (firstShown = resolve));
  let lastSyncedSeen: number | null | undefined;
  const stops: Array<() => void> = [];

  const offline = computed(() => !online.value || sync.value?.online === false);
  const statusLine = computed(() =>
    statusWords(sync.value, {
      offline: offline.value,
      lastSyncedAt: sync.value?.lastSyncedAt ?? stored.value?.lastSyncedAt ?? null,
      hasCache: hasCache.value === true,
      now: clock.value,
    }),
  );
  /** The last sync's failure, in the sync's words (lib/cache/sync/errors.ts); the page puts its
   * technical part behind a disclosure. */
  const syncProblem = computed(
    () => sync.value?.lastError ?? (reachable.value ? null : stored.value?.lastError) ?? null,
  );

  async function openReader(): Promise<void> {
    opening = true;
    try {
      // The first screen kept last (by a popup, or by the background after a sync) and today's jobs
      // are read while the session is: shown only if the session names the cache they were made
      // from, and for the account's today.
      const early = readKept();
      const current = await readPopupWorkspace();
      performance.mark('fieldside:workspace');
      workspace.value = current;
      reader?.close();
      reader = null;
      typeahead = null;
      cacheName = current.state === 'ready' ? current.dbName : null;
      known = keptFor(null, '', null);
      if (current.state === 'ready') {
        const dbName = current.dbName;
        const dbOpening = openExistingDb(dbName);
        const kept = await early;
        const screen = kept.screen;
        known = keptFor(kept, dbName, current.timeZone);
        // The kept first screen, while the search index loads (superseded once it has); the index is
        // read after it is painted.
        const painted =
          screen?.cacheName === dbName &&
          screen.day === today() &&
          query.value.trim() === '' &&
          rows.value.length === 0;
        if (painted) show(issued, screen.rows, screen.heading, '');
        const db = await dbOpening;
        performance.mark('fieldside:db-open');
        if (painted) await afterPaint();
        reader = db ? await openCacheReader(db, painted ? undefined : showPreview) : null;
        performance.mark('fieldside:cache-read');
        typeahead = reader?.index ? createTypeahead(reader.index) : null;
      }
      hasCache.value = !!reader && reader.jobCount > 0;
      stored.value = reader?.synced ?? null;
    } finally {
      opening = false;
    }
    await refresh();
  }

  /** Re-reads the cache (after a sync or a session change); single-flight. */
  function reload(): Promise<void> {
    loading ??= openReader().finally(() => (loading = null));
    return loading;
  }

  /** No first screen of this popup's own yet: the one stored with the index, while it loads. */
  function showPreview(preview: IndexPreview): boolean {
    if (preview.day !== today() || query.value.trim() !== '' || rows.value.length > 0) return false;
    const first = firstScreenFromPreview(preview);
    show(issued, first.rows, first.heading, '');
    return true;
  }

  async function refresh(): Promise<void> {
    const ticket = ++issued;
    if (opening) return;
    const q = query.value.trim();
    if (!reader) return show(ticket, [], '', q);
    const words = queryWords(q);
    if (hasFilters(words)) return showFiltered(ticket, q, words);
    if (!q) {
      const day = today();
      const first = reader.index
        ? firstScreenFromIndex(reader, day, RESULT_LIMIT, known.todayJobs?.day === day ? known.todayJobs.jobs : null)
        : await firstScreenFromRecords(reader, day, RESULT_LIMIT);
      if (cacheName) void saveFirstScreen(cacheName, first);
      return show(ticket, first.rows, first.heading, q);
    }
    if (!typeahead) return show(ticket, [], 'Search is ready once the first sync has finished', q);
    // Synchronous: the index's display fields are the rows, so a keystroke never waits on IndexedDB.
    const found = typeahead.search(q, { limit: RESULT_LIMIT }).map(rowOf);
    return show(ticket, found, countWords(found.length), q);
  }

  /** A query with filters ("status:quote", "mine", "today"): its words searched among the jobs they
   * let through, or, with no words, those jobs by date. */
  function showFiltered(ticket: number, q: string, words: QueryWords): void {
    if (!reader?.index || !typeahead) return show(ticket, [], 'Search is ready once the first sync has finished', q);
    const found = filteredRows(reader, typeahead, words, { day: today(), ...known }, RESULT_LIMIT);
    show(ticket, found.rows, found.heading, q);
  }

  /** Today in the account's time zone: the day the side panel and the toolbar badge show. */
  function today(): string {
    return todayIn(known.timeZone, now());
  }

  function show(ticket: number, shown: QuickRow[], heading: string, q: string): void {
    if (ticket !== issued) return; // a later keystroke already asked
    const next = withNextVisits(shown, known.myJobs);
    // Keep the selection on the same job when the rows are only re-read (a sync, the first screen).
    const kept = answered.value === q ? next.findIndex((r) => r.uuid === rows.value[active.value]?.uuid) : -1;
    rows.value = next;
    title.value = heading;
    answered.value = q;
    active.value = Math.max(0, kept);
    firstShown();
  }

  function onStatus(status: SyncStatus): void {
    reachable.value = true;
    const before = sync.value;
    sync.value = status;
    // A sync finished (or the status was first seen with a newer cache than the one open): re-read.
    const finished =
      before !== null && (before.phase === 'full' || before.phase === 'incremental') && status.phase !== before.phase;
    const newer = lastSyncedSeen !== undefined && status.lastSyncedAt !== lastSyncedSeen;
    lastSyncedSeen = status.lastSyncedAt;
    if (finished || newer || (status.jobs > 0 && hasCache.value === false)) void reload();
  }

  return {
    workspace,
    query,
    rows,
    heading: title,
    answered,
    active,
    firstResults,
    sync,
    offline,
    statusLine,
    syncProblem,
    hasCache,
    /** Today in the account's time zone. */
    today,
    /** Opens the cache and shows the first rows (see `firstResults`); resolves once the cache is read. */
    async start(): Promise<void> {
      const onOnline = () => void (online.value = navigator.onLine);
      addEventListener('online', onOnline);
      addEventListener('offline', onOnline);
      stops.push(() => (removeEventListener('online', onOnline), removeEventListener('offline', onOnline)));
      const tick = setInterval(() => void (clock.value = now()), 30_000);
      stops.push(() => clearInterval(tick));
      stops.push(watchPopupWorkspace(() => void reload()));
      stops.push(watchTodayJobs(() => void reload()));
      await reload();
      stops.push(
        watchSync({
          onStatus,
          onJobsChanged: () => void reload(),
          onUnreachable: () => void (reachable.value = false),
        }),
      );
    },
    setQuery(next: string): Promise<void> {
      query.value = next;
      return refresh();
    },
    /** Moves the selection, wrapping at either end. */
    move(delta: number): void {
      const n = rows.value.length;
      if (n > 0) active.value = (active.value + delta + n) % n;
    },
    select(index: number): void {
      if (index >= 0 && index < rows.value.length) active.value = index;
    },
    current(): QuickRow | undefined {
      return rows.value[active.value];
    },
    stop(): void {
      for (const s of stops.splice(0)) s();
      reader?.close();
      reader = null;
    },
  };
}

export type QuickSearchModel = ReturnType<typeof createQuickSearchModel>;
