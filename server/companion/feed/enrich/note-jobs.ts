import { z } from 'zod';
import { PlatformUuidSchema, UuidSchema, type Uuid } from '../../../../contracts/uuid';
import type { AccountReaders, TokenRead } from './account-readers';
import type { BatchReads } from './batch-reads';
import { createPlatformRead, refusedToken } from '../platform-read';
import type { NewChange } from '../store/types';

// Which job a changed note belongs to, read once by the companion for the whole account. A note's webhook
// names only the note; without its job, every open browser of the account would read the note itself to
// learn whether it shows that job: one request per note per browser, out of the account's shared budget
// (most of a busy day's). The companion reads it once and puts the job's uuid on the change.
//
// Whose token: account-readers.ts. It reads the note's address on the configured platform, and only the note's
// `related_object_uuid` leaves this module: the note's text never reaches the feed. With no token that can read
// it, the change goes on without a job and browsers read the note as before. Each read is short: a new note's
// object notification may already have waited for its event (webhooks/note-event-wait.ts) before it reads, and the
// platform waits about 10 s for the answer. A read that failed (no answer in time, or the platform's 5xx) is made once
// more, with longer to answer, before the note goes out without its job: a note without its job costs every open
// browser of the account a read of its own (180 at 200 staff), so one slow answer must not.

const Note = z.object({
  uuid: PlatformUuidSchema,
  related_object: z.string().nullish(),
  related_object_uuid: z.string().nullish(),
});
/** The job a note the platform answered belongs to, or null (not this note, or not a job's). */
function jobOfNote(raw: unknown, noteUuid: Uuid): Uuid | null {
  const note = Note.safeParse(raw);
  if (!note.success || note.data.uuid !== noteUuid) return null;
  const job = UuidSchema.safeParse(note.data.related_object_uuid);
  return (note.data.related_object ?? 'job') === 'job' && job.success ? job.data : null;
}

/** The second read's limit: with the first's (3 s), still inside the platform's wait for the webhook's answer. */
const RETRY_TIMEOUT_MS = 5_000;

export function createNoteJobs(opts: {
  platformBaseUrl: string;
  readers: AccountReaders;
  /** Notes read together with others (batch-reads.ts): no read of their own. */
  batch?: Pick<BatchReads, 'take'>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}) {
  const get = createPlatformRead(opts);
  const getAgain = createPlatformRead({ ...opts, timeoutMs: RETRY_TIMEOUT_MS });

  /** The note's job as `token` reads it; a failed first read is made again, within the account's share. */
  async function read(account: string, token: string, noteUuid: Uuid, first = true): Promise<TokenRead<Uuid | null>> {
    const again = () => first && opts.readers.spend(account);
    let res: Response;
    try {
      res = await (first ? get : getAgain)(token, 'dbonote', noteUuid);
    } catch (error) {
      if (again()) return read(account, token, noteUuid, false);
      throw error;
    }
    if (!res.ok) {
      await res.body?.cancel();
      if (res.status >= 500 && again()) return read(account, token, noteUuid, false);
      return refusedToken(res.status) ? { kind: 'next' } : { kind: 'answer', value: null };
    }
    return { kind: 'answer', value: jobOfNote(await res.json().catch(() => null), noteUuid) };
  }

  return {
    /** The job of a changed note, or null when no token of the account can tell (or it is not a job's). */
    async jobOf(account: string, change: Pick<NewChange, 'uuid'>): Promise<Uuid | null> {
      const note = UuidSchema.safeParse(change.uuid);
      if (!note.success) return null;
      const noteUuid = note.data;
      const together = opts.batch?.take(change as NewChange);
      if (together) return jobOfNote(together.value, noteUuid);
      return (await opts.readers.readWith(account, (token) => read(account, token, noteUuid)))?.value ?? null;
    },
  };
}

export type NoteJobs = ReturnType<typeof createNoteJobs>;
