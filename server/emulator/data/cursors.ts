import { randomUUID } from 'node:crypto';
import type { Clock } from '../contracts';

/** How long a page cursor stays valid, in emulator time: a day, so a test that lets a token expire (3,600 s)
 * mid-sync can refresh and carry on with its cursor. */
const CURSOR_TTL_MS = 24 * 60 * 60 * 1000;
/** At most this many live cursors; the oldest go first (a cursor is a few dozen bytes). */
const MAX_CURSORS = 200_000;

interface CursorEntry {
  scope: string;
  position: number;
  expires: number;
}

export type CursorLookup = { ok: true; position: number } | { ok: false; message: string };

/**
 * Page cursors: a UUID standing for "position p in this account's collection of this type". Positions are stable
 * (updates keep them, creates append), so resuming from one neither skips nor repeats a record.
 */
export function createCursors(clock: Clock) {
  const entries = new Map<string, CursorEntry>();
  let issued = 0;
  const prune = () => {
    const now = clock.now();
    for (const [id, entry] of entries) if (entry.expires <= now) entries.delete(id);
  };
  return {
    issue(scope: string, position: number): string {
      if (++issued % 1000 === 0) prune();
      if (entries.size >= MAX_CURSORS) entries.delete(entries.keys().next().value as string);
      const id = randomUUID();
      entries.set(id, { scope, position, expires: clock.now() + CURSOR_TTL_MS });
      return id;
    },
    resolve(scope: string, cursor: string): CursorLookup {
      if (cursor === '-1') return { ok: true, position: 0 };
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(cursor)) {
        return {
          ok: false,
          message: `Malformed cursor '${cursor.slice(0, 60)}': use -1 for the first page, then the x-next-cursor UUID`,
        };
      }
      const entry = entries.get(cursor.toLowerCase());
      if (!entry) return { ok: false, message: `Unknown cursor ${cursor}: start again with cursor=-1` };
      if (entry.scope !== scope) return { ok: false, message: `Cursor ${cursor} belongs to another collection` };
      if (entry.expires <= clock.now()) {
        entries.delete(cursor);
        return { ok: false, message: `Cursor ${cursor} has expired: start again with cursor=-1` };
      }
      return { ok: true, position: entry.position };
    },
  };
}

export type Cursors = ReturnType<typeof createCursors>;
