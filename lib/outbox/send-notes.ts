// Sending notes and badge changes (apply.ts says why each is safe to repeat).
import { jobGone, platformHas, type OutboxClient } from './apply';
import type { EntryOf } from './types';

export async function sendNote(client: OutboxClient, entry: EntryOf<'note'>): Promise<void> {
  // Sent before, with no answer we kept (a lost answer, a stopped worker): look before sending again.
  if (entry.attempts > 1 && (await platformHas(() => client.notes.get(entry.clientUuid), entry.jobUuid))) return;
  await client.notes.create({
    uuid: entry.clientUuid,
    jobUuid: entry.jobUuid,
    note: entry.payload.note,
    actionRequired: entry.payload.actionRequired,
  });
}

/** A set operation on the job's current badges: read, add or remove, write. */
export async function sendBadge(client: OutboxClient, entry: EntryOf<'badge-add' | 'badge-remove'>): Promise<void> {
  const job = await client.jobs.get(entry.jobUuid);
  if (!job.active) throw jobGone(entry.jobUuid);
  const badge = entry.payload.badgeUuid;
  const has = job.badges.includes(badge);
  if (entry.kind === 'badge-add' && !has) await client.jobs.setBadges(entry.jobUuid, [...job.badges, badge]);
  if (entry.kind === 'badge-remove' && has)
    await client.jobs.setBadges(
      entry.jobUuid,
      job.badges.filter((b) => b !== badge),
    );
}
