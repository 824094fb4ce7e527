import type { LiveHub } from '../messaging/live-hub';
// Which job each tab's platform page shows (content scripts tell us), so the side panel can follow
// the tab in front. (The job last opened with "job.open" is lib/side-panel/side-panel-job.ts.)
// Held in memory: a restarted worker learns again from the next page change (content scripts
// report on every in-page navigation), and the panel keeps showing what it showed.

/** Tabs remembered, the latest reports kept: nothing tells the worker a tab was closed (a listener for that would wake
 * it at every tab the person closes), so the oldest reports are let go instead. */
const TABS_KEPT = 100;

export function createPageJobs(live: LiveHub) {
  const byTab = new Map<number, string | null>();
  let activeTab: number | undefined;

  return {
    /** A content script's report for its tab. */
    setTabJob(tabId: number, uuid: string | null, tabActive: boolean): void {
      byTab.delete(tabId); // re-inserted: the map's order is the order of the latest reports
      byTab.set(tabId, uuid);
      if (byTab.size > TABS_KEPT) byTab.delete(byTab.keys().next().value!);
      if (tabActive) activeTab = tabId;
      if (tabId === activeTab) live.broadcast({ type: 'page.job', uuid });
    },
    /** The tab in front of the side panel's window (the panel tells, lib/side-panel/tab-in-front.ts): its job, if its
     * page shows one. */
    inFront(tabId: number): string | null {
      activeTab = tabId;
      return byTab.get(tabId) ?? null;
    },
    /** Sign-out: which job each tab showed was the person's. */
    clear(): void {
      byTab.clear();
    },
    /** The active tab's job, when its page shows one. */
    current(): string | null {
      return (activeTab !== undefined ? byTab.get(activeTab) : undefined) ?? null;
    },
  };
}
export type PageJobs = ReturnType<typeof createPageJobs>;
