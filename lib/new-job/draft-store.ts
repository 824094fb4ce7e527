import { newJobDraftsItem } from '../settings/items';
import { NewJobDraftsSchema, type NewJobDrafts } from '../settings/schemas';
import type { Draft } from './draft';

// New jobs' drafts, each kept until its form is done with it: in storage.session (newJobDraftsItem, the browser's
// memory, not disk), so a worker the browser stopped while the person filled the form in (a caller on the line, the
// platform's consent page for "Allow creating jobs") still has the draft when the form reads it again. A while and a
// few at a time; sign-out clears them.

/** How long a draft is kept for its form. */
export const DRAFT_LIFE_MS = 60 * 60_000;
/** How many drafts are kept at once: the oldest goes first. */
export const MAX_DRAFTS = 20;

export function createDraftStore(now: () => number) {
  // One change at a time: two forms opened together both keep their drafts.
  let queue: Promise<unknown> = Promise.resolve();

  async function read(): Promise<NewJobDrafts> {
    const parsed = NewJobDraftsSchema.safeParse(await newJobDraftsItem.getValue());
    return parsed.success ? parsed.data : {};
  }

  return {
    /** Keeps `draft` for the form `id`, dropping drafts past their life and the oldest past the count. */
    keep(id: string, draft: Draft): Promise<void> {
      const step = queue.then(async () => {
        const kept = Object.entries(await read())
          .filter(([, d]) => now() - d.at <= DRAFT_LIFE_MS)
          .sort(([, a], [, b]) => a.at - b.at)
          .slice(-(MAX_DRAFTS - 1));
        await newJobDraftsItem.setValue({ ...Object.fromEntries(kept), [id]: { at: now(), draft } });
      });
      queue = step.catch(() => undefined);
      return step;
    },
    /** The draft kept for the form `id`, or null when there is none or it outlived its life. */
    async get(id: string): Promise<Draft | null> {
      await queue;
      const kept = (await read())[id];
      return kept && now() - kept.at <= DRAFT_LIFE_MS ? kept.draft : null;
    },
  };
}
export type DraftStore = ReturnType<typeof createDraftStore>;
