import {
  CONNECTION_FIELDS,
  ConnectionSchema,
  ManagedConnectionSchema,
  SessionRecordSchema,
  type Connection,
  type ConnectionField,
  type SessionRecord,
} from './schemas';
import { connectionItem, defaultConnection, managedConnectionItem, sessionItem } from './items';
import { workspaceKeyOf, type WorkspaceKey } from './workspace-key';

// The items that decide where requests go and as whom, read and validated (a corrupt or older record
// falls back rather than crashing). Apart from items.ts, so that pages bundle zod only where they
// read these.

/** The fields an administrator set; none where the browser has no managed storage. */
export async function readManagedConnection(): Promise<Partial<Connection>> {
  const value = await managedConnectionItem.getValue().catch(() => null);
  const parsed = ManagedConnectionSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

/** The connection in force: the build's defaults, then the person's setting, then the policy's fields. */
export async function readConnection(): Promise<Connection> {
  const [stored, managed] = await Promise.all([connectionItem.getValue(), readManagedConnection()]);
  const parsed = ConnectionSchema.safeParse(stored);
  return { ...(parsed.success ? parsed.data : defaultConnection), ...managed };
}

/** Which fields the policy sets (the options page shows them, not editable). */
export async function managedConnectionFields(): Promise<ConnectionField[]> {
  const managed = await readManagedConnection();
  return CONNECTION_FIELDS.filter((field) => managed[field] !== undefined);
}

export async function readSession(): Promise<SessionRecord | null> {
  const parsed = SessionRecordSchema.nullable().safeParse(await sessionItem.getValue());
  return parsed.success ? parsed.data : null;
}

/** The workspace the stored session describes, or null (signed out, or OAuth before "who are you"). */
export async function readWorkspaceKey(): Promise<WorkspaceKey | null> {
  const [record, connection] = await Promise.all([readSession(), readConnection()]);
  return workspaceKeyOf(record, connection);
}
