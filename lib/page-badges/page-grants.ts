import { browser } from 'wxt/browser';
import type { ContentPage, PageKind } from '../messaging/sender';
import { pageGrantsItem } from '../settings/items';
import { PageGrantsSchema, type PageGrant, type PageGrants } from '../settings/schemas';
import { toUuid, type Uuid } from '../../contracts/uuid';

// What each page's content script was answered, so it is answered nothing beyond: the jobs a page reported (up to a
// cap) are the only ones whose quick-note panel it may open and its live port hears of, and each opened panel's frame
// gets a ticket for its job. A hostile page can plant "Job #N" for any N: the caps bound it to a page's worth, and a
// site's worth an hour, never the cache. Kept in storage.session (a stopped worker hands no page a fresh cap);
// changes run one at a time, so two messages from one page never lose each other's grants.

export interface GrantLimits {
  /** Distinct job numbers one page may ask about. The web app's pages are the platform's own (it
   * shows those jobs itself, and windows open all day); an added site's are anybody's, and a scan
   * there finds at most a couple of hundred mentions (text-scan.ts). */
  perPage: Readonly<Record<PageKind, number>>;
  /** Distinct job numbers all of an added site's pages may ask about in `siteWindowMs`: a reload is
   * a new page, and must not be a new cap. */
  perSite: number;
  siteWindowMs: number;
}

export const GRANT_LIMITS: GrantLimits = {
  perPage: { platform: 2_000, site: 200 },
  perSite: 400,
  siteWindowMs: 60 * 60_000,
};
/** Pages kept per tab (in Chrome each navigation is a new page), and in all (beside the closed tabs' pages, let go when
 * a page next asks): the oldest are let go first. */
const PAGES_PER_TAB = 10;
const PAGES = 500;
/** Panels kept per page (one is open at a time; a few recent ones may still be closing). */
const PANELS_PER_PAGE = 5;
/** A ticket not shown by a frame within this long opens nothing (the frame loads in well under a second). */
export const TICKET_MS = 60_000;
/** How often, at most, a page's asking looks for the pages of closed tabs (no listener for tabs closing: it would wake
 * a stopped worker at every tab the person closes). */
const CLOSED_TABS_EVERY_MS = 60_000;

/** The ids of the browser's open tabs (no permission needed for ids). */
async function openTabIds(): Promise<ReadonlySet<number>> {
  return new Set((await browser.tabs.query({})).flatMap((tab) => (tab.id === undefined ? [] : [tab.id])));
}

export interface GrantStore {
  get(): Promise<PageGrants>;
  set(grants: PageGrants): Promise<void>;
}

/** The grants in storage.session (lib/settings's pageGrantsItem), checked on every read. */
export const storedGrants: GrantStore = {
  get: async () => {
    const parsed = PageGrantsSchema.safeParse(await pageGrantsItem.getValue());
    return parsed.success ? parsed.data : { pages: {}, sites: {} };
  },
  set: (grants) => pageGrantsItem.setValue(grants),
};

/** "#1234" and "1234" are one number. */
const plain = (number: string) => number.trim().replace(/^#/, '');

export function createPageGrants(
  store: GrantStore = storedGrants,
  options: { now?: () => number; limits?: GrantLimits; openTabs?: () => Promise<ReadonlySet<number>> } = {},
) {
  const now = options.now ?? Date.now;
  const limits = options.limits ?? GRANT_LIMITS;
  const openTabs = options.openTabs ?? openTabIds;
  let queue: Promise<unknown> = Promise.resolve();
  let closedLookedFor = Number.NEGATIVE_INFINITY;

  /** Runs `work` on the stored grants after every earlier change, and saves them when it changed them. */
  function serial<R>(work: (grants: PageGrants) => { result: R; changed: boolean }): Promise<R> {
    const run = queue.then(async () => {
      const grants = await store.get();
      const { result, changed } = work(grants);
      if (changed) await store.set(grants);
      return result;
    });
    queue = run.catch(() => undefined);
    return run;
  }

  /** Reads one page's grant, in turn with the changes. */
  const look = <R>(key: string, work: (grant: PageGrant | undefined) => R): Promise<R> =>
    serial((grants) => ({ result: work(grants.pages[key]), changed: false }));

  /** Lets go of the oldest of `entries` beyond `keep`. */
  function trim(grants: PageGrants, entries: Array<[string, PageGrant]>, keep: number): void {
    const oldestFirst = entries.sort(([, a], [, b]) => a.since - b.since);
    for (const [key] of oldestFirst.slice(0, Math.max(0, oldestFirst.length - keep))) delete grants.pages[key];
  }

  /** The page's grant, created on first use, when the oldest pages beyond the limits are let go. */
  function grantOf(grants: PageGrants, page: ContentPage): PageGrant {
    let grant = grants.pages[page.key];
    if (!grant) {
      grant = { kind: page.kind, tabId: page.tabId, since: now(), numbers: [], jobs: [], panels: [] };
      grants.pages[page.key] = grant;
      trim(
        grants,
        Object.entries(grants.pages).filter(([, g]) => g.tabId === page.tabId),
        PAGES_PER_TAB,
      );
      trim(grants, Object.entries(grants.pages), PAGES);
    }
    return grant;
  }

  /** An added site's numbers of this window (a new window once the last one is over). */
  function siteNumbers(grants: PageGrants, origin: string): Set<string> {
    for (const [site, budget] of Object.entries(grants.sites))
      if (now() - budget.since >= limits.siteWindowMs) delete grants.sites[site];
    grants.sites[origin] ??= { since: now(), numbers: [] };
    return new Set(grants.sites[origin].numbers);
  }

  /** Lets go of the pages of tabs closed since the last look, at most once a minute. A page granted after the tabs
   * were listed stays: its tab may be newer than the list. */
  async function forgetClosedTabs(): Promise<void> {
    const listedAt = now();
    if (listedAt - closedLookedFor < CLOSED_TABS_EVERY_MS) return;
    closedLookedFor = listedAt;
    const open = await openTabs();
    await serial((grants) => {
      const closed = Object.keys(grants.pages).filter((key) => {
        const grant = grants.pages[key]!;
        return grant.since < listedAt && !open.has(grant.tabId);
      });
      for (const key of closed) delete grants.pages[key];
      return { result: undefined, changed: closed.length > 0 };
    });
  }

  return {
    forgetClosedTabs,

    /** What of a page's request it may be answered about: jobs it was answered about before (by
     * uuid, a re-read after a change), the numbers it reported before, and new numbers while it
     * (and, on an added site, that site) is under its cap; the rest is left out. */
    admit(page: ContentPage, request: { uuids: readonly Uuid[]; numbers: readonly string[] }) {
      void forgetClosedTabs().catch(() => undefined);
      return serial((grants) => {
        const grant = grantOf(grants, page);
        const jobs = new Set(grant.jobs);
        const uuids = [...new Set(request.uuids)].filter((u) => jobs.has(u));
        const known = new Set(grant.numbers);
        const site = grant.kind === 'site' ? siteNumbers(grants, page.origin) : undefined;
        const numbers: string[] = [];
        for (const number of new Set(request.numbers.map(plain))) {
          if (!known.has(number)) {
            if (known.size >= limits.perPage[grant.kind]) continue;
            if (site && !site.has(number) && site.size >= limits.perSite) continue;
            known.add(number);
            site?.add(number);
          }
          numbers.push(number);
        }
        grant.numbers = [...known];
        if (site) grants.sites[page.origin]!.numbers = [...site];
        return { result: { uuids, numbers }, changed: true };
      });
    },

    /** The page was answered about these jobs: their notes may now be read from it. */
    grant(page: ContentPage, jobUuids: readonly Uuid[]) {
      return serial((grants) => {
        const grant = grantOf(grants, page);
        grant.jobs = [...new Set([...grant.jobs, ...jobUuids])];
        return { result: undefined, changed: jobUuids.length > 0 };
      });
    },

    /** Whether the page was answered about the job (its badge is on that page). */
    shows: (page: ContentPage, jobUuid: Uuid) => look(page.key, (grant) => grant?.jobs.includes(jobUuid) ?? false),

    /** The person opened the job's quick-note panel on the page: `ticket` opens it in one frame. */
    openPanel(page: ContentPage, jobUuid: Uuid, ticket: string) {
      return serial((grants) => {
        const grant = grantOf(grants, page);
        grant.panels = [...grant.panels, { ticket, jobUuid, issued: now(), frame: null }].slice(-PANELS_PER_PAGE);
        return { result: undefined, changed: true };
      });
    },

    /** The panel `ticket` opens, for the frame `frame` (its page key, in tab `tabId`): the first frame
     * to show a fresh ticket in the tab it was issued for takes it, and then only that frame may use
     * it. Null for any other frame, tab, or an unknown or stale ticket. */
    panel(ticket: string, frame: { key: string; tabId: number }) {
      return serial((grants) => {
        for (const grant of Object.values(grants.pages)) {
          const panel = grant.panels.find((p) => p.ticket === ticket);
          if (!panel) continue;
          if (grant.tabId !== frame.tabId) break;
          if (panel.frame === frame.key)
            return { result: { jobUuid: panel.jobUuid, kind: grant.kind }, changed: false };
          if (panel.frame !== null || now() - panel.issued > TICKET_MS) break;
          panel.frame = frame.key;
          return { result: { jobUuid: panel.jobUuid, kind: grant.kind }, changed: true };
        }
        return { result: null, changed: false };
      });
    },

    /** Of `uuids` (a feed event's, kept as the platform spelt them for the page that hears them), the jobs the page
     * (by key) was answered about: what its live port may hear of. */
    shownOf: (pageKey: string, uuids: readonly string[]) =>
      look(pageKey, (grant) => (grant ? uuids.filter((u) => grant.jobs.includes(toUuid(u))) : [])),
  };
}
export type PageGrantsService = ReturnType<typeof createPageGrants>;
