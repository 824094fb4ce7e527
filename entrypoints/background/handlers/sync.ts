import type { Handlers } from '@/lib/messaging/router';
import type { JobOpener } from '@/lib/side-panel/open-job';
import type { SyncSchedule } from '@/lib/cache/sync/schedule';
import type { BudgetView } from '@/lib/messaging/views';

/** Sync and opening a job: what only the background can do for the popup; the account's budget for the options page. */
export function createSyncHandlers(deps: {
  sync: SyncSchedule;
  jobs: JobOpener;
  budget: () => Promise<BudgetView>;
}): Pick<Handlers, 'sync.status' | 'sync.run' | 'job.open' | 'budget.status'> {
  return {
    'sync.status': () => deps.sync.status(),
    'budget.status': () => deps.budget(),
    'sync.run': ({ mode }) => deps.sync.run(mode),
    'job.open': async ({ uuid, target, windowId }) => {
      await deps.jobs.open(uuid, target, windowId);
      return {};
    },
  };
}
