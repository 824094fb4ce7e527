import { signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { sendMessage } from '../messaging/send';
import { firstRunItem, sessionItem, signedOutReasonItem } from '../settings/items';
import type { Connection, FirstRun, StaffSummary } from '../settings/schemas';
import type { Feature, SessionView } from '../messaging/session-view';
import { administersAccount } from '../messaging/administers-account';
import { toWireError } from '../messaging/errors';
import type { WireError } from '../messaging/protocol';

// The session as a page of Fieldside's holds it (the options page, the first-run page): the view the
// background reports, the staff list for "who are you", the first-run page's progress and the last
// error. Actions send one message each and take the reply; none of it ever sees a token.

export function createSessionPageModel() {
  const view = signal<SessionView | null>(null, { name: 'view' });
  const staff = signal<StaffSummary[]>([], { name: 'staff' });
  const firstRun = signal<FirstRun | null>(null, { name: 'firstRun' });
  const busy = signal(false, { name: 'busy' });
  const error = signal<WireError | null>(null, { name: 'error' });
  const followers: Array<() => Promise<void>> = [];

  // Replies can arrive out of order (an action's reply and a storage-change refresh): only the
  // latest request issued may set the view.
  let issued = 0;
  async function latest(request: () => Promise<SessionView>): Promise<void> {
    const ticket = ++issued;
    const next = await request();
    if (ticket === issued) {
      view.value = next;
      await Promise.all([loadStaff(), ...followers.map((follow) => follow())]);
    }
  }

  async function run(action: () => Promise<SessionView>): Promise<void> {
    busy.value = true;
    error.value = null;
    try {
      await latest(action);
    } catch (e) {
      error.value = toWireError(e);
      await latest(() => sendMessage('session.get', {})).catch(() => undefined);
    } finally {
      busy.value = false;
    }
  }

  /** While "who are you" waits for an answer, and for a verified administrator's "view as"; nobody else's
   * page lists the account's staff. */
  async function loadStaff(): Promise<void> {
    const v = view.value;
    if (v?.state !== 'signed_in' || v.mode !== 'oauth' || (v.me && !administersAccount(v))) {
      staff.value = [];
      return;
    }
    staff.value = (await sendMessage('session.listStaff', {})).staff;
  }

  async function loadFirstRun(): Promise<void> {
    firstRun.value = await firstRunItem.getValue();
  }

  /** Hosts outside the built-in host permissions need the person's consent (optional_host_permissions). */
  async function ensureHostPermission(connection: Connection): Promise<void> {
    const origins = [connection.restUrl, connection.webUrl, connection.companionUrl].map((u) => {
      const url = new URL(u);
      return `${url.protocol}//${url.hostname}/*`;
    });
    if (await browser.permissions.contains({ origins })) return;
    if (!(await browser.permissions.request({ origins })))
      throw new Error('Fieldside needs access to those addresses to connect');
  }

  /** While the account is known not to have turned Fieldside on, its administrator may have just done so in the
   * platform's add-on store: the background asks the companion again (at most once in ten seconds), and the
   * session's change refreshes the view. */
  function recheckIfOff(): void {
    if (view.value?.addonActivated !== false) return;
    void sendMessage('session.checkActivation', {}).catch(() => undefined);
  }

  return {
    view,
    staff,
    firstRun,
    busy,
    error,
    run,
    /** Runs after every new view (what a page loads beside the session, such as unsent notes). */
    follow(load: () => Promise<void>): void {
      followers.push(load);
    },
    /** The session (asked again whether the account turned Fieldside on, when it was off) and the first run. */
    load: () => Promise.all([run(() => sendMessage('session.get', {})), loadFirstRun()]).then(recheckIfOff),
    /** The platform's consent page; also "Not you? Sign in again", after which "who are you" is asked afresh. */
    signIn: () => run(() => sendMessage('session.signIn', {})),
    useApiKey: (apiKey: string) => run(() => sendMessage('session.useApiKey', { apiKey })),
    chooseMe: (staffUuid: string) => run(() => sendMessage('session.chooseMe', { staffUuid })),
    /** Incremental authorisation: the consent page asks for what the feature lacks. */
    allow: (feature: Feature) => run(() => sendMessage('session.requestFeature', { feature })),
    saveConnection: (connection: Connection) =>
      run(async () => {
        await ensureHostPermission(connection);
        return sendMessage('settings.setConnection', connection);
      }),
    /** The background may change the session by itself (refresh failure, revocation), and another
     * page may have finished the first run. */
    watch(): () => void {
      // Refresh quietly: no busy state, and an error shown by an action stays.
      const refresh = () => void latest(() => sendMessage('session.get', {})).catch(() => undefined);
      // Back in front (another tab was): asked again whether the account turned Fieldside on, when it was off.
      const inFront = () => {
        if (document.visibilityState === 'visible') recheckIfOff();
      };
      document.addEventListener('visibilitychange', inFront);
      const unwatch = [
        sessionItem.watch(refresh),
        signedOutReasonItem.watch(refresh),
        firstRunItem.watch((value) => void (firstRun.value = value)),
        () => document.removeEventListener('visibilitychange', inFront),
      ];
      return () => unwatch.forEach((stop) => stop());
    },
  };
}
export type SessionPageModel = ReturnType<typeof createSessionPageModel>;
