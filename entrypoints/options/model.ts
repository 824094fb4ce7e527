import { signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { sendMessage } from '@/lib/messaging/send';
import { sessionItem, signedOutReasonItem } from '@/lib/settings/items';
import type { Connection, StaffSummary } from '@/lib/settings/schemas';
import type { SessionView } from '@/lib/messaging/session-view';
import { toWireError } from '@/lib/messaging/errors';
import type { WireError } from '@/lib/messaging/protocol';

// The options page's state: the session as the background reports it, the staff list for
// "who are you", and the last error. Actions send one message each and take the reply.

export function createOptionsModel() {
  const view = signal<SessionView | null>(null, { name: 'view' });
  const staff = signal<StaffSummary[]>([], { name: 'staff' });
  const suggested = signal<string | null>(null, { name: 'suggested' });
  const busy = signal(false, { name: 'busy' });
  /** Notes and badge changes not yet sent, and whose: said where the person signs out. */
  const unsent = signal<{ count: number; owner: string; when: 'before' | 'after' } | null>(null, { name: 'unsent' });
  const error = signal<WireError | null>(null, { name: 'error' });

  // Replies can arrive out of order (an action's reply and a storage-change refresh): only the
  // latest request issued may set the view.
  let issued = 0;
  async function latest(request: () => Promise<SessionView>): Promise<void> {
    const ticket = ++issued;
    const next = await request();
    if (ticket === issued) {
      view.value = next;
      await Promise.all([loadStaff(), loadUnsent()]);
    }
  }

  /** Whose outbox it is: the staff member in view (the outbox is theirs), or the account. */
  const ownerOf = (v: SessionView) => v.viewAs?.name ?? v.me?.name ?? v.account?.name ?? 'you';

  async function loadUnsent(): Promise<void> {
    const v = view.value;
    if (v?.state !== 'signed_in') {
      // After a sign-out this page made, the word about what was kept stays.
      if (unsent.value?.when !== 'after') unsent.value = null;
      return;
    }
    const { pendingWrites } = await sendMessage('sync.status', {}).catch(() => ({ pendingWrites: 0 }));
    unsent.value = { count: pendingWrites, owner: ownerOf(v), when: 'before' };
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

  async function loadStaff(): Promise<void> {
    const v = view.value;
    if (v?.state !== 'signed_in' || v.mode !== 'oauth') {
      staff.value = [];
      suggested.value = null;
      return;
    }
    const list = await sendMessage('session.listStaff', {});
    staff.value = list.staff;
    suggested.value = list.suggested;
  }

  /** Hosts outside the built-in host permissions need the person's consent (optional_host_permissions). */
  async function ensureHostPermission(connection: Connection): Promise<void> {
    const origins = [connection.restUrl, connection.webUrl, connection.companionUrl].map((u) => {
      const url = new URL(u);
      return `${url.protocol}//${url.hostname}/*`;
    });
    if (await browser.permissions.contains({ origins })) return;
    if (!(await browser.permissions.request({ origins }))) throw new Error('Fieldside needs access to those addresses to connect');
  }

  return {
    view,
    staff,
    suggested,
    busy,
    error,
    unsent,
    load: () => run(() => sendMessage('session.get', {})),
    signIn: () => run(() => sendMessage('session.signIn', {})),
    signOut: () =>
      run(async () => {
        // Read just before: what the sign-out keeps, said after it.
        const before = view.value;
        const { pendingWrites } = await sendMessage('sync.status', {}).catch(() => ({ pendingWrites: 0 }));
        const signedOut = await sendMessage('session.signOut', {});
        unsent.value = before && pendingWrites > 0 ? { count: pendingWrites, owner: ownerOf(before), when: 'after' } : null;
        return signedOut;
      }),
    useApiKey: (apiKey: string) => run(() => sendMessage('session.useApiKey', { apiKey })),
    chooseMe: (staffUuid: string) => run(() => sendMessage('session.chooseMe', { staffUuid })),
    viewAs: (staffUuid: string | null) => run(() => sendMessage('session.viewAs', { staffUuid })),
    saveConnection: (connection: Connection) =>
      run(async () => {
        await ensureHostPermission(connection);
        return sendMessage('settings.setConnection', connection);
      }),
    /** The background may change the session by itself (refresh failure, revocation). */
    watch(): () => void {
      // Refresh quietly: no busy state, and an error shown by an action stays.
      const refresh = () => void latest(() => sendMessage('session.get', {})).catch(() => undefined);
      const unwatch = [sessionItem.watch(refresh), signedOutReasonItem.watch(refresh)];
      return () => unwatch.forEach((stop) => stop());
    },
  };
}
export type OptionsModel = ReturnType<typeof createOptionsModel>;
