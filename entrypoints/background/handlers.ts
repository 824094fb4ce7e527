import type { Handlers } from '@/lib/messaging/router';
import type { SessionService } from '@/lib/account/session-service';
import type { WhoAreYou } from '@/lib/account/who-are-you';
import type { ActiveView, LiveHub } from '@/lib/workspace/workspace';
import type { JobOpener } from '@/lib/side-panel/open-job';
import type { SyncService } from '@/lib/cache/sync/schedule';
import { createSyncHandlers } from './sync-handlers';
import { createFeedHandlers } from './feed-handlers';
import { createFieldHandlers } from './field-handlers';
import { createContentHandlers } from './content-handlers';
import type { FieldWork } from './field-work';

/** The field-work services the composition root (index.ts) creates; handler groups take what they need. */
export interface BackgroundServices {
  view: ActiveView;
  hub: LiveHub;
  sync: SyncService;
  jobs: JobOpener;
  field: FieldWork;
}

/** One handler per message of lib/messaging/protocol.ts; each delegates to a service. */
export function createHandlers(session: SessionService, who: WhoAreYou, services: BackgroundServices): Handlers {
  return {
    ...createSyncHandlers(services),
    ...createFeedHandlers(services),
    ...createFieldHandlers(services.field),
    ...createContentHandlers(services),
    'session.get': () => session.view(),
    'session.signIn': () => session.signIn(),
    'session.requestFeature': ({ feature }) => session.requestFeature(feature),
    'session.useApiKey': ({ apiKey }) => session.useApiKey(apiKey),
    'session.signOut': () => session.signOut('signed_out'),
    'session.listStaff': () => who.list(),
    'session.chooseMe': ({ staffUuid }) => who.chooseMe(staffUuid),
    'session.viewAs': ({ staffUuid }) => who.viewAs(staffUuid),
    'settings.setConnection': (connection) => session.setConnection(connection),
    'platform.jobsPage': async () => ({ uuids: await session.jobUuids() }),
    'content.status': async () => ({ signedIn: await session.signedIn() }),
  };
}
