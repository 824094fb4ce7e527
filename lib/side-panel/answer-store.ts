// The side panel's last answers from the platform ("My day" per date, a job's detail per uuid), so it
// still shows something with no signal and can say "offline — as of …". One small IndexedDB
// database per account and staff member (like the cache and the outbox), which sign-out deletes
// (lib/databases.ts).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

interface AnswerDB extends DBSchema {
  answers: { key: string; value: { key: string; savedAt: number; value: unknown } };
}

/** Where a job's detail, as the side panel last read it, is kept. */
export const jobAnswerKey = (jobUuid: string) => `job:${jobUuid}`;

/** Days and jobs kept; older answers are dropped on write (a day's answer is a few KB). */
const MAX_ANSWERS = 400;

export function createAnswerStore(name: string) {
  let opened: Promise<IDBPDatabase<AnswerDB>> | undefined;
  const db = () => {
    opened ??= openDB<AnswerDB>(name, 1, {
      upgrade(d) {
        d.createObjectStore('answers', { keyPath: 'key' });
      },
      // Sign-out deletes the database: let it go rather than block the deletion.
      blocking() {
        void opened?.then((d) => d.close());
        opened = undefined;
      },
    });
    opened.catch(() => (opened = undefined));
    return opened;
  };

  return {
    async get<T>(key: string): Promise<{ savedAt: number; value: T } | undefined> {
      const row = await (await db()).get('answers', key);
      return row && { savedAt: row.savedAt, value: row.value as T };
    },
    async put(key: string, value: unknown, savedAt: number): Promise<void> {
      const d = await db();
      await d.put('answers', { key, savedAt, value });
      if ((await d.count('answers')) > MAX_ANSWERS) {
        const all = await d.getAll('answers');
        all.sort((a, b) => a.savedAt - b.savedAt);
        const tx = d.transaction('answers', 'readwrite');
        for (const row of all.slice(0, all.length - MAX_ANSWERS)) void tx.store.delete(row.key);
        await tx.done;
      }
    },
    async close(): Promise<void> {
      const current = opened;
      opened = undefined;
      if (current) (await current).close();
    },
  };
}

export type AnswerStore = ReturnType<typeof createAnswerStore>;
