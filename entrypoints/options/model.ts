import { signal } from '@preact/signals';
import { createSessionPageModel } from '@/lib/account/session-page-model';
import { sendMessage } from '@/lib/messaging/send';
import type { SessionView } from '@/lib/messaging/session-view';

// The options page's state: the session as pages hold it (lib/account/session-page-model.ts), plus
// what only this page shows: the notes not sent yet at sign-out, and an administrator's "view as".

export function createOptionsModel() {
  const session = createSessionPageModel();
  /** Notes and badge changes not yet sent, and whose: said where the person signs out. */
  const unsent = signal<{ count: number; owner: string; when: 'before' | 'after' } | null>(null, { name: 'unsent' });

  /** Whose outbox it is: the staff member in view (the outbox is theirs), or the account. */
  const ownerOf = (v: SessionView) => v.viewAs?.name ?? v.me?.name ?? v.account?.name ?? 'you';

  session.follow(async () => {
    const v = session.view.value;
    if (v?.state !== 'signed_in') {
      // After a sign-out this page made, the word about what was kept stays.
      if (unsent.value?.when !== 'after') unsent.value = null;
      return;
    }
    const { pendingWrites } = await sendMessage('sync.status', {}).catch(() => ({ pendingWrites: 0 }));
    unsent.value = { count: pendingWrites, owner: ownerOf(v), when: 'before' };
  });

  return {
    ...session,
    unsent,
    signOut: () =>
      session.run(async () => {
        // Read just before: what the sign-out keeps, said after it.
        const before = session.view.value;
        const { pendingWrites } = await sendMessage('sync.status', {}).catch(() => ({ pendingWrites: 0 }));
        const signedOut = await sendMessage('session.signOut', {});
        unsent.value =
          before && pendingWrites > 0 ? { count: pendingWrites, owner: ownerOf(before), when: 'after' } : null;
        return signedOut;
      }),
    /** Administrators only (the background checks): whose workspace is shown. */
    viewAs: (staffUuid: string | null) => session.run(() => sendMessage('session.viewAs', { staffUuid })),
  };
}
export type OptionsModel = ReturnType<typeof createOptionsModel>;
