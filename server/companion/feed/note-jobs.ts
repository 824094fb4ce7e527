import { z } from 'zod';
import { platformFetch } from './platform-error';

// Which job a changed note belongs to, read once by the companion for the whole account. A note's webhook
// names only the note; without its job, every open browser of the account would read the note itself to
// learn whether it shows that job: one request per note per browser, out of the account's shared budget
// (most of a busy day's). The companion reads it once and puts the job's uuid on the change.
//
// Whose token: only one an extension is using right now for its live stream (held in memory for that
// stream's life anyway, for its periodic validity check), never stored, never written anywhere, forgotten
// when the stream ends. It reads the note's address on the configured platform, and only the note's
// `related_object_uuid` leaves this module: the note's text never reaches the feed. A token that may not
// read the note (a technician's, impersonation aside) just tries the next one; with none, the change goes on
// without a job and browsers read the note as before.

const Note = z.object({ uuid: z.string(), related_object: z.string().nullish(), related_object_uuid: z.string().nullish() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createNoteJobs(opts: { platformBaseUrl: string; fetch?: typeof fetch; timeoutMs?: number }) {
  const fetchFn = opts.fetch ?? fetch;
  /** Account → tokens of its open streams (a count each: one token may hold several streams). */
  const live = new Map<string, Map<string, number>>();

  async function read(token: string, noteUuid: string): Promise<string | null | 'next'> {
    const url = `${opts.platformBaseUrl}/api_1.0/dbonote/${encodeURIComponent(noteUuid)}.json`;
    const res = await platformFetch(fetchFn, url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, timeoutMs: opts.timeoutMs ?? 5_000 }, 'GET dbonote');
    if (!res.ok) {
      await res.body?.cancel();
      return res.status === 401 || res.status === 403 || res.status === 404 ? 'next' : null;
    }
    const note = Note.safeParse(await res.json().catch(() => null));
    if (!note.success || note.data.uuid.toLowerCase() !== noteUuid.toLowerCase()) return null;
    const job = note.data.related_object_uuid;
    return (note.data.related_object ?? 'job') === 'job' && job && UUID.test(job) ? job.toLowerCase() : null;
  }

  return {
    /** A stream opened with this token: it may be used to read notes of its account while it lasts. */
    offer(account: string, token: string): () => void {
      let tokens = live.get(account);
      if (!tokens) live.set(account, (tokens = new Map()));
      tokens.set(token, (tokens.get(token) ?? 0) + 1);
      return () => {
        const left = (tokens.get(token) ?? 1) - 1;
        if (left > 0) tokens.set(token, left);
        else tokens.delete(token);
        if (tokens.size === 0 && live.get(account) === tokens) live.delete(account);
      };
    },
    /** The job of a changed note, or null when no open stream's token can tell (or it is not a job's). */
    async jobOf(account: string, noteUuid: string): Promise<string | null> {
      if (!UUID.test(noteUuid)) return null;
      // The newest streams first: their tokens are the freshest.
      for (const token of [...(live.get(account)?.keys() ?? [])].reverse().slice(0, 3)) {
        try {
          const job = await read(token, noteUuid);
          if (job !== 'next') return job;
        } catch {
          return null; // the platform is unreachable: the browsers read it themselves later
        }
      }
      return null;
    },
  };
}

export type NoteJobs = ReturnType<typeof createNoteJobs>;
