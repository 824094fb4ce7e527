import type { Handlers } from '@/lib/messaging/router';
import type { JobOpener } from '@/lib/side-panel/open-job';
import type { SyncSchedule } from '@/lib/cache/sync/schedule';

/** Sync and opening a job: what only the background can do for the popup. */
export function createSyncHandlers(deps: { sync: SyncSchedule; jobs: JobOpener }): Pick<Handlers, 'sync.status' | 'sync.run' | 'job.open'> {
  return {
    'sync.status': () => deps.sync.status(),
    'sync.run': ({ mode }) => deps.sync.run(mode),
    'job.open': async ({ uuid, target }) => {
      await deps.jobs.open(uuid, target);
      return {};
    },
  };
}
