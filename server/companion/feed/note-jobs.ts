import { z } from 'zod';
import type { AccountReaders, TokenRead } from './account-readers';
import { createPlatformRead, refusedToken, UUID } from './platform-read';

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
export function createNoteJobs(opts: {
  platformBaseUrl: string;
  readers: AccountReaders;
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
    const note = Note.safeParse(await res.json().catch(() => null));
    if (!note.success || note.data.uuid.toLowerCase() !== noteUuid.toLowerCase())
      return { kind: 'answer', value: null };
    const job = note.data.related_object_uuid;
    return {
      kind: 'answer',
      value: (note.data.related_object ?? 'job') === 'job' && job && UUID.test(job) ? job.toLowerCase() : null,
    };
  }

  return {
    /** The job of a changed note, or null when no token of the account can tell (or it is not a job's). */
    async jobOf(account: string, noteUuid: string): Promise<string | null> {
      if (!UUID.test(noteUuid)) return null;
      return (await opts.readers.readWith(account, (token) => read(token, noteUuid)))?.value ?? null;
    },
  };
}

export type NoteJobs = ReturnType<typeof createNoteJobs>;
