import { sessionItem, signedOutReasonItem } from '../settings/items';
import { managedConnectionFields, readConnection, readSession } from '../settings/validated-reads';
import { type SessionRecord } from '../settings/schemas';
import type { SessionView } from '../messaging/session-view';

// The non-secret half of the session, in storage (lib/settings/items.ts), and the view pages get of it.

export async function sessionView(): Promise<SessionView> {
  const [record, connection, managed, reason] = await Promise.all([
    readSession(),
    readConnection(),
    managedConnectionFields(),
    signedOutReasonItem.getValue(),
  ]);
  return {
    state: record ? 'signed_in' : 'signed_out',
    mode: record?.mode ?? null,
    account: record?.account ?? null,
    scopes: record?.scopes ?? [],
    me: record?.me ?? null,
    meSource: record?.me ? (record.meSource ?? 'chosen') : null,
    viewAs: record?.viewAs ?? record?.me ?? null,
    addonActivated: record?.addonActivated ?? null,
    signedOutReason: record ? null : reason,
    connection,
    connectionManaged: managed,
  };
}

export async function requireSession(): Promise<SessionRecord> {
  const record = await readSession();
  if (!record) throw new NotSignedInError();
  return record;
}

export async function updateSession(change: Partial<SessionRecord>): Promise<void> {
  const record = await requireSession();
  await sessionItem.setValue({ ...record, ...change });
}

export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
  constructor() {
    super('Not signed in');
  }
}
