import { z } from 'zod';
import type { AccountReaders, TokenRead } from './account-readers';
import type { BatchReads } from './batch-reads';
import { createPlatformRead, refusedToken, UUID } from '../platform-read';
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
// platform waits about 10 s for the answer.

const Note = z.object({
  uuid: z.string(),
  related_object: z.string().nullish(),
  related_object_uuid: z.string().nullish(),
});
/** The job a note the platform answered belongs to, or null (not this note, or not a job's). */
function jobOfNote(raw: unknown, noteUuid: string): string | null {
  const note = Note.safeParse(raw);
  if (!note.success || note.data.uuid.toLowerCase() !== noteUuid.toLowerCase()) return null;
  const job = note.data.related_object_uuid;
  return (note.data.related_object ?? 'job') === 'job' && job && UUID.test(job) ? job.toLowerCase() : null;
}

export function createNoteJobs(opts: {
  platformBaseUrl: string;
  readers: AccountReaders;
  /** Notes read together with others (batch-reads.ts): no read of their own. */
  batch?: Pick<BatchReads, 'take'>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}) {
  const get = createPlatformRead(opts);

  async function read(token: string, noteUuid: string): Promise<TokenRead<string | null>> {
    const res = await get(token, 'dbonote', noteUuid);
    if (!res.ok) {
      await res.body?.cancel();
      return refusedToken(res.status) ? { kind: 'next' } : { kind: 'answer', value: null };
    }
    return { kind: 'answer', value: jobOfNote(await res.json().catch(() => null), noteUuid) };
  }

  return {
    /** The job of a changed note, or null when no token of the account can tell (or it is not a job's). */
    async jobOf(account: string, change: Pick<NewChange, 'uuid'>): Promise<string | null> {
      const noteUuid = change.uuid;
      if (!UUID.test(noteUuid)) return null;
      const together = opts.batch?.take(change as NewChange);
      if (together) return jobOfNote(together.value, noteUuid);
      return (await opts.readers.readWith(account, (token) => read(token, noteUuid)))?.value ?? null;
    },
  };
}

export type NoteJobs = ReturnType<typeof createNoteJobs>;
