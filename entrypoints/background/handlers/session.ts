import type { SessionService } from '@/lib/account/session-service';
import { NotAllowedError, type WhoAreYou } from '@/lib/account/who-are-you';
import type { Handlers } from '@/lib/messaging/router';

type SessionMessages =
  | 'session.get'
  | 'session.signIn'
  | 'session.requestFeature'
  | 'session.useApiKey'
  | 'session.signOut'
  | 'session.checkActivation'
  | 'session.listStaff'
  | 'session.chooseMe'
  | 'session.viewAs'
  | 'settings.setConnection'
  | 'platform.jobsPage'
  | 'content.status';

/** Sign-in, who you are, the connection: the options page and the pages' session view. */
export function createSessionHandlers(session: SessionService, who: WhoAreYou): Pick<Handlers, SessionMessages> {
  return {
    'session.get': () => session.view(),
    'session.signIn': () => session.signIn(),
    'session.requestFeature': ({ feature, also }) => session.requestFeature(feature, also),
    'session.useApiKey': ({ apiKey }) => session.useApiKey(apiKey),
    'session.signOut': () => session.signOut('signed_out'),
    'session.checkActivation': () => session.checkActivation(),
    'session.listStaff': () => who.list(),
    'session.chooseMe': ({ staffUuid }) => who.chooseMe(staffUuid),
    'session.viewAs': ({ staffUuid }) => who.viewAs(staffUuid),
    'settings.setConnection': async (connection) => {
      // Where Fieldside connects is the account's setting: an administrator's (or the API key's)
      // while signed in, whatever a page shows or hides. Signed out, it is this browser's to set.
      if ((await session.signedIn()) && !(await who.isAdministrator())) {
        throw new NotAllowedError('Only an administrator of the account changes where Fieldside connects');
      }
      return session.setConnection(connection);
    },
    'platform.jobsPage': async () => ({ uuids: await session.jobUuids() }),
    'content.status': async () => ({ signedIn: await session.signedIn() }),
  };
}
