import type { SessionService } from '@/lib/account/session-service';
import type { WhoAreYou } from '@/lib/account/who-are-you';
import type { Pairing } from '@/lib/account/pairing';
import type { SyncSchedule } from '@/lib/cache/sync/schedule';
import type { FeedService } from '@/lib/live-updates/feed-service';
import type { Handlers } from '@/lib/messaging/router';
import type { ContentService } from '@/lib/page-badges/content-service';
import type { BudgetView } from '@/lib/messaging/views';
import type { JobOpener } from '@/lib/side-panel/open-job';
import type { Workspace } from '@/lib/workspace/workspace';
import type { SidePanelWork } from './side-panel';
import type { NewJobService } from '@/lib/new-job/service';
import type { PageGrantsService } from '@/lib/page-badges/page-grants';
import { createNewJobHandlers } from './handlers/new-job';
import { createPageBadgeHandlers } from './handlers/page-badges';
import { createSidePanelHandlers } from './handlers/side-panel';
import { createPairingHandlers } from './handlers/pairing';
import { createSessionHandlers } from './handlers/session';
import { createSyncHandlers } from './handlers/sync';
import { createWebhookHandlers } from './handlers/webhooks';

/** What the composition root (index.ts) created; each group takes only what it needs. */
export interface BackgroundServices {
  session: SessionService;
  who: WhoAreYou;
  pairing: Pairing;
  workspace: Workspace;
  schedule: SyncSchedule;
  jobs: JobOpener;
  field: SidePanelWork;
  feed: FeedService;
  content: ContentService;
  newJobs: NewJobService;
  grants: PageGrantsService;
  /** The account's request budget as this browser saw it. */
  budget: () => Promise<BudgetView>;
  /** runtime.getURL('/'): which of Fieldside's pages sent a message. */
  ownOrigin: string;
}

/** One handler per message of lib/messaging/protocol.ts (the type holds it complete), by concern. */
export function createHandlers(s: BackgroundServices): Handlers {
  return {
    ...createSessionHandlers(s.session, s.who),
    ...createPairingHandlers(s.pairing, s.ownOrigin),
    ...createSyncHandlers({ sync: s.schedule, jobs: s.jobs, budget: s.budget }),
    ...createWebhookHandlers({ client: () => s.workspace.client(), who: s.who, feed: s.feed }),
    ...createSidePanelHandlers(s.field),
    ...createPageBadgeHandlers(s.content),
    ...createNewJobHandlers({ newJobs: s.newJobs, grants: s.grants, jobs: s.jobs }),
  };
}
