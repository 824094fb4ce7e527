import { batch, signal } from '@preact/signals';
import { openExistingDb } from '../cache/reader/idb-read';
import { DB_VERSION } from '../cache/store/version';
import {
  keptFor,
  readKept,
  watchTodayJobs,
  type DayBounds,
  type FirstScreen,
  type Kept,
  type KeptForCache,
} from '../cache/first-screen/kept-screen';
import { withTheirDays } from './kept-for-cache';
import type { QuickRow } from '../cache/first-screen/rows';
import type { CacheSearch } from './cache-search';
import type { CustomerRow } from './customer-rows';
import { createResultSelection } from './result-selection';
import { readPopupWorkspace, type PopupWorkspace } from './popup-workspace';
import { watchPopupWorkspace } from './popup-workspace-watch';
import { createSyncStatus } from './sync-status';
import { todayIn } from '../locale/days';
import { knownShortDays } from '../locale/words';

// The quick search's state, shared by the popup and the picker: the cache of the current workspace,
// opened here (no background round trip per keystroke), the rows shown, the selection, and what
// the status line says (offline, freshness, first-sync progress). The search itself (the index, its
// code) is loaded right after the first screen kept last is set, and never holds it up.

export function createQuickSearchModel(deps: { now?: () => number } = {}) {
  const now = deps.now ?? Date.now;
  const workspace = signal<PopupWorkspace | null>(null, { name: 'workspace' });
  const query = signal('', { name: 'query' });
  const rows = signal<QuickRow[]>([], { name: 'rows' });
  /** Customers found, listed above the jobs (the selection runs through both). */
  const customers = signal<CustomerRow[]>([], { name: 'customers' });
  /** The query is a job's number: the jobs are listed first, the customers after them. */
  const jobsFirst = signal(false, { name: 'jobsFirst' });
  /** The customer whose jobs the rows are (a customer row opened), null while searching. */
  const customer = signal<CustomerRow | null>(null, { name: 'customer' });
  const title = signal('', { name: 'heading' });
  /** The query the rows shown answer (trimmed; '' for today's or recent jobs), null before any. */
  const answered = signal<string | null>(null, { name: 'answered' });
  const stored = signal<CacheSearch['synced']>(null, { name: 'stored' });
  const hasCache = signal<boolean | null>(null, { name: 'hasCache' });

  let search: CacheSearch | null = null;
  let searchCode: Promise<typeof import('./cache-search')> | null = null;
  let issued = 0;
  let loading: Promise<void> | null = null;
  /** While the cache is being (re)opened, keystrokes wait: the opening answers the latest query. */
  let opening = false;
  /** Today's jobs, the person's own and the account's zone, as kept for the cache open. */
  let known: KeptForCache = keptFor(null, '', null);
  /** The day the kept first screen was made for, and when it is today: today without a time-zone lookup. */
  let keptDay: { day: string; bounds: DayBounds } | null = null;
  let firstShown: () => void = () => {};
  /** Resolves when the first rows (or the empty state) are on screen. */
  const firstResults = new Promise<void>((resolve) => (firstShown = resolve));
  const stops: Array<() => void> = [];
  const selection = createResultSelection({ customers, rows, jobsFirst });
  const status = createSyncStatus({ now, stored, hasCache, reload: () => void reload() });

  async function openReader(): Promise<void> {
    opening = true;
    try {
      // The first screen kept last (by a popup, or by the background after a sync) and today's jobs
      // are read while the session is: shown only if the session names the cache they were made
      // from, and for the account's today.
      const early = readKept();
      const current = await readPopupWorkspace();
      performance.mark('fieldside:workspace');
      const kept = current.state === 'ready' ? await early : null;
      performance.mark('fieldside:kept');
      // The workspace and the kept rows are set together: the page's first full render already has its rows
      // (a render of the empty search first cost a cold opening ~50 ms before the rows' own).
      const painted = batch(() => {
        workspace.value = current;
        search?.close();
        search = null;
        known = keptFor(null, '', null);
        keptDay = null;
        return current.state === 'ready' && kept !== null && showKept(current, kept);
      });
      if (current.state === 'ready') {
        const dbName = current.dbName;
        const dbOpening = openExistingDb(dbName, indexedDB, DB_VERSION);
        // Asked for once the kept rows are set (the storage read above is all but always answered by then): its
        // code is not compiled ahead of their first render.
        const loading = (searchCode ??= import('./cache-search'));
        const [db, code] = await Promise.all([dbOpening, loading]);
        performance.mark('fieldside:db-open');
        if (painted) await code.afterPaint();
        search = db
          ? await code.openCacheSearch(db, dbName, painted ? undefined : showPreview, () => void refresh())
          : null;
        performance.mark('fieldside:cache-read');
      }
      hasCache.value = !!search && search.jobCount > 0;
      stored.value = search?.synced ?? null;
    } finally {
      opening = false;
    }
    await refresh();
  }

  /** Takes what was kept for the workspace's cache, and shows its first screen if it is today's and nothing
   * else is on screen; whether it did. */
  function showKept(current: Extract<PopupWorkspace, { state: 'ready' }>, kept: Kept): boolean {
    const dbName = current.dbName;
    const screen = kept.screen;
    known = keptFor(kept, dbName, current.timeZone);
    keptDay = screen?.cacheName === dbName && screen.bounds ? { day: screen.day, bounds: screen.bounds } : null;
    if (screen?.cacheName === dbName && screen.dayWords) knownShortDays(screen.dayWords, screen.day);
    if (screen?.cacheName !== dbName || screen.day !== today() || query.value.trim() !== '' || rows.value.length > 0)
      return false;
    show(issued, screen.rows, screen.heading, '');
    return true;
  }

  /** Re-reads the cache (after a sync or a session change); single-flight. */
  function reload(): Promise<void> {
    loading ??= openReader().finally(() => (loading = null));
    return loading;
  }

  /** No first screen of this popup's own yet: the one stored with the index, while it loads. */
  function showPreview(first: FirstScreen): boolean {
    if (first.day !== today() || query.value.trim() !== '' || rows.value.length > 0) return false;
    show(issued, first.rows, first.heading, '');
    return true;
  }

  async function refresh(): Promise<void> {
    const ticket = ++issued;
    if (opening) return;
    const q = query.value.trim();
    if (!search) return show(ticket, [], '', q);
    const opened = customer.value;
    const found = opened ? search.customerJobs(opened) : await search.answer(q, today(), known);
    show(ticket, found.rows, found.heading, q, found.customers ?? [], found.jobsFirst ?? false);
  }

  /** Today in the account's time zone: the day the side panel and the toolbar badge show. */
  function today(): string {
    const at = now();
    const kept = keptDay?.bounds;
    if (kept && kept.timeZone === known.timeZone && at >= kept.start && at < kept.end) return keptDay!.day;
    return todayIn(known.timeZone, at);
  }

  function show(
    ticket: number,
    shown: QuickRow[],
    heading: string,
    q: string,
    found: CustomerRow[] = [],
    numberFirst = false,
  ): void {
    if (ticket !== issued) return; // a later keystroke already asked
    const next = withTheirDays(shown, known, today());
    // Keep the selection on the same row when the rows are only re-read (a sync, the first screen).
    const before = answered.value === q ? selection.selectedKey() : undefined;
    const customerKeys = found.map((c) => c.key);
    const jobKeys = next.map((r) => r.uuid);
    const keys = numberFirst ? [...jobKeys, ...customerKeys] : [...customerKeys, ...jobKeys];
    batch(() => {
      customers.value = found;
      rows.value = next;
      jobsFirst.value = numberFirst;
    });
    title.value = heading;
    answered.value = q;
    selection.keep(before, keys);
    firstShown();
  }

  return {
    workspace,
    query,
    rows,
    customers,
    customer,
    jobsFirst,
    heading: title,
    answered,
    active: selection.active,
    firstResults,
    sync: status.sync,
    offline: status.offline,
    statusLine: status.statusLine,
    syncProblem: status.syncProblem,
    hasCache,
    /** Today in the account's time zone. */
    today,
    /** Opens the cache and shows the first rows (see `firstResults`); resolves once the cache is read. */
    async start(): Promise<void> {
      stops.push(status.followNetwork());
      stops.push(watchPopupWorkspace(() => void reload()));
      stops.push(watchTodayJobs(() => void reload()));
      await reload();
      stops.push(status.followSync());
    },
    setQuery(next: string): Promise<void> {
      query.value = next;
      customer.value = null;
      return refresh();
    },
    /** Shows a customer's jobs in place of the results (Escape goes back). */
    openCustomer(row: CustomerRow): Promise<void> {
      customer.value = row;
      return refresh();
    },
    /** Back from a customer's jobs to what the query found. */
    closeCustomer(): Promise<void> {
      customer.value = null;
      return refresh();
    },
    move: selection.move,
    select: selection.select,
    current: selection.current,
    currentCustomer: selection.currentCustomer,
    stop(): void {
      for (const s of stops.splice(0)) s();
      search?.close();
      search = null;
    },
  };
}

export type QuickSearchModel = ReturnType<typeof createQuickSearchModel>;
