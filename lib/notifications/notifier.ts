// Tells the person, as a browser notification, what work-notices.ts found in a batch of the change feed: only when
// they turned it on, only within their day's hours (the account's clock), and never of their own writes. A click
// opens the job in the side panel. Chrome and Firefox alike: `notifications.create` with a basic notification, the
// job's uuid in its id (a second notice of the same job replaces the first).
import { localTimestamp } from '../api/local-time';
import type { FeedChange } from '../live-updates/types';
import type { Uuid } from '../../contracts/uuid';
import type { WorkNotices } from '../settings/schemas';
import { withinDay, workNotices, type NoticeFacts, type WorkNotice } from './work-notices';

export interface NotificationsApi {
  create(id: string, options: { type: 'basic'; iconUrl: string; title: string; message: string }): Promise<string>;
}

/** What a notice says of its job: its number and where it is. */
export interface JobWords {
  number: string;
  address: string;
}

export interface NotifierDeps {
  notifications: NotificationsApi;
  iconUrl: string;
  settings(): Promise<WorkNotices>;
  /** The visits and own jobs of the staff member in view (null: nobody in view, an API key: nothing to tell). */
  facts(): Promise<Omit<NoticeFacts, 'held' | 'own'> | null>;
  /** The job's words from the cache, when the change carries no record. */
  jobWords(uuid: string): Promise<JobWords | null>;
  timeZone(): Promise<string | null>;
  now?: () => number;
}

const PREFIX = 'fieldside-job:';
/** How long a write of this browser is remembered as the person's own (its change comes back through the feed
 * within seconds; minutes cover a feed that was behind). */
const OWN_FOR_MS = 10 * 60_000;

/** The job a notification is about, from its id (null: not one of ours). */
export const jobOfNotification = (id: string): string | null =>
  id.startsWith(PREFIX) ? id.slice(PREFIX.length) : null;

export function noticeWords(notice: WorkNotice, job: JobWords | null): { title: string; message: string } {
  const name = job?.number ? `Job ${job.number}` : 'a job';
  const where = job?.address || 'Open it to see the details.';
  switch (notice.kind) {
    case 'new-job':
      return { title: `New job for you: ${name}`, message: where };
    case 'visit-moved':
      // Moved, or made longer or shorter: its times changed.
      return { title: `Your visit to ${name} changed`, message: where };
    case 'visit-gone':
      return { title: `Your visit to ${name} was cancelled`, message: 'Or given to someone else. Open it to see.' };
    case 'note':
      return { title: `New note on ${name}`, message: 'Added by someone else. Open the job to read it.' };
  }
}

export function createNotifier(deps: NotifierDeps) {
  const now = deps.now ?? Date.now;
  const own = new Map<string, number>();
  /** Jobs told as newly given: theirs from now on (the kept day and their own jobs are read once a day). */
  const given = new Set<string>();

  function ownNow(): Set<string> {
    const since = now() - OWN_FOR_MS;
    for (const [uuid, at] of own) if (at < since) own.delete(uuid);
    return new Set(own.keys());
  }

  return {
    /** A record this browser wrote (a note, recorded time, a file): its change is not news to the person. */
    wrote(uuid: Uuid): void {
      own.set(uuid, now());
    },

    /** A batch of the feed, with the jobs this browser held before it: tells what is worth telling. */
    async consider(changes: readonly FeedChange[], held: ReadonlyMap<string, unknown>): Promise<WorkNotice[]> {
      const settings = await deps.settings();
      if (!settings.on) return [];
      const hour = Number(localTimestamp(now(), await deps.timeZone()).slice(11, 13));
      if (!withinDay(hour, settings)) return [];
      const facts = await deps.facts();
      if (!facts) return [];
      const mine = new Set([...facts.mine, ...given]);
      const notices = workNotices(changes, { ...facts, mine, held, own: ownNow() });
      for (const notice of notices) {
        if (notice.kind === 'new-job') given.add(notice.jobUuid);
        const record = changes.find((c) => c.record && (c.job_uuid ?? c.uuid) === notice.jobUuid)?.record;
        const number = record?.generated_job_id;
        const words =
          typeof number === 'string' || typeof number === 'number'
            ? { number: String(number), address: typeof record?.job_address === 'string' ? record.job_address : '' }
            : await deps.jobWords(notice.jobUuid).catch(() => null);
        await deps.notifications.create(`${PREFIX}${notice.jobUuid}`, {
          type: 'basic',
          iconUrl: deps.iconUrl,
          ...noticeWords(notice, words),
        });
      }
      return notices;
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
