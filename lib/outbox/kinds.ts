// Every kind of write the outbox carries, in one table: what it is called in the person's words, the scope it
// needs, whether its job is checked first, what pages do once it is sent, and how it is sent. A new kind: its
// payload in types.ts, a row here, its send beside the others (send-*.ts).
import type { ApplyContext, OutboxClient } from './apply';
import { sendAttachment } from './send-files';
import { sendBadge, sendNote } from './send-notes';
import { sendJobCreate } from './send-jobs';
import { sendText } from './send-text';
import { sendActivityEnd, sendActivityStart, sendStatus } from './send-visits';
import type { EntryOf, OutboxEntry, OutboxKind } from './types';

export interface KindDef<K extends OutboxKind> {
  /** What it is, in a sentence's middle: "your note", "this photo". */
  what: string;
  /** The scope the platform needs for it, when its 403 does not name one. */
  scope: string;
  /** What to do with it when only the person can help: keeping what they typed matters most. */
  keep: string;
  /** Checked once per job and pass before it is sent: the job is not deleted (the platform would take the write
   * on a deleted job, and nobody would ever see it). */
  checksJob: boolean;
  /** Once sent: `reread` the job (one of its fields changed: badges, status), or `notify` the pages that show it
   * (the job record is unchanged: they re-read what they show, nothing is read for the cache). */
  afterSent: 'reread' | 'notify';
  apply(client: OutboxClient, entry: EntryOf<K>, context: ApplyContext): Promise<void>;
}

const DISCARD = 'Discard this change if it is no longer wanted';

/** Adding a badge and removing one are the same kind of write to the person and to the platform. */
const BADGE_CHANGE: KindDef<'badge-add'> & KindDef<'badge-remove'> = {
  what: 'badge change',
  scope: 'manage_badges',
  keep: DISCARD,
  checksJob: false,
  afterSent: 'reread',
  apply: sendBadge,
};

export const KINDS: { [K in OutboxKind]: KindDef<K> } = {
  note: {
    what: 'note',
    scope: 'publish_job_notes',
    keep: 'Copy your note if you need it elsewhere',
    checksJob: true,
    afterSent: 'notify',
    apply: sendNote,
  },
  'badge-add': BADGE_CHANGE,
  'badge-remove': BADGE_CHANGE,
  'activity-start': {
    what: 'arrival on site',
    scope: 'manage_schedule',
    keep: 'Note the time you arrived if you need it elsewhere',
    checksJob: true,
    afterSent: 'notify',
    apply: sendActivityStart,
  },
  'activity-end': {
    what: 'time you left the site',
    scope: 'manage_schedule',
    keep: 'Note the time you left if you need it elsewhere',
    checksJob: false,
    afterSent: 'notify',
    apply: sendActivityEnd,
  },
  status: {
    what: 'status change',
    scope: 'manage_jobs',
    keep: DISCARD,
    checksJob: true,
    afterSent: 'reread',
    apply: sendStatus,
  },
  attachment: {
    what: 'photo or file',
    scope: 'manage_attachments',
    keep: 'The file stays on this device until you discard it',
    checksJob: true,
    afterSent: 'notify',
    apply: sendAttachment,
  },
  'job-create': {
    what: 'new job',
    scope: 'create_jobs',
    keep: 'Copy the job’s description if you need it elsewhere',
    checksJob: false,
    afterSent: 'reread',
    apply: sendJobCreate,
  },
  text: {
    what: 'text to the customer',
    scope: 'publish_sms',
    keep: 'Call the customer if they need to know',
    // Checked by its own read, which also shows the platform answering before the text leaves (send-text.ts).
    checksJob: false,
    afterSent: 'notify',
    apply: sendText,
  },
};

/** Sends `entry`; throws the client's typed error when the platform did not take it. */
export function applyEntry(client: OutboxClient, entry: OutboxEntry, context: ApplyContext = {}): Promise<void> {
  const send = KINDS[entry.kind].apply as (c: OutboxClient, e: OutboxEntry, x: ApplyContext) => Promise<void>;
  return send(client, entry, context);
}
