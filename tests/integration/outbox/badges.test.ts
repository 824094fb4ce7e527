// Badge changes through the outbox against the real emulator: added and removed on the job, in the
// order written, and safe to replay.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { toUuid } from '../../../contracts/uuid';
import { createOutboxSender } from '../../../lib/outbox/sender';
import { startOutboxPlatform, TECH_SCOPES, type OutboxPlatform } from './platform';
import { setUpFile } from '../../support/set-up-file';

let platform: OutboxPlatform;
setUpFile(async (own) => {
  platform = own(await startOutboxPlatform(63));
});

describe('outbox, badges', () => {
  it('a badge added and another removed reach the job; a replayed change alters nothing', async () => {
    const badges = (await platform.control.listRecords(platform.account.uuid, 'badge')).map((b) => String(b.uuid));
    expect(badges.length).toBeGreaterThanOrEqual(2);
    const job = toUuid(platform.jobUuids[0]!);
    const [vip, warranty] = badges as [string, string];
    // Start from a known state: the job wears "warranty" and not "vip".
    await platform.control.updateRecord(platform.account.uuid, 'job', job, { badges: JSON.stringify([warranty]) });

    const outbox = platform.outboxes()();
    const add = await outbox.enqueue({ kind: 'badge-add', jobUuid: job, payload: { badgeUuid: vip } });
    await outbox.enqueue({ kind: 'badge-remove', jobUuid: job, payload: { badgeUuid: warranty } });
    // Both shown as pending at once.
    expect((await outbox.pending(job)).map((e) => [e.kind, e.state])).toEqual([
      ['badge-add', 'pending'],
      ['badge-remove', 'pending'],
    ]);

    const sender = createOutboxSender({
      outbox,
      client: await platform.technicianClient(TECH_SCOPES),
      setTimer: () => () => {},
    });
    expect(await sender.flush()).toEqual({ sent: 2, rescheduled: 0, failed: 0 });
    expect(await platform.jobBadges(job)).toEqual([vip]);

    // A worker stopped after the platform applied the add replays it: still one "vip", nothing else changes.
    await outbox.enqueue({ kind: 'badge-add', jobUuid: job, payload: { badgeUuid: vip }, clientUuid: add.clientUuid });
    expect(await sender.flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(await platform.jobBadges(job)).toEqual([vip]);

    // Adding back and removing again, in that order.
    await outbox.enqueue({ kind: 'badge-add', jobUuid: job, payload: { badgeUuid: warranty } });
    await outbox.enqueue({ kind: 'badge-remove', jobUuid: job, payload: { badgeUuid: vip } });
    await sender.flush();
    expect(await platform.jobBadges(job)).toEqual([warranty]);
    await outbox.close();
  });

  it('without manage_badges the change is kept as failed, naming the permission', async () => {
    const job = toUuid(platform.jobUuids[1]!);
    const badge = String((await platform.control.listRecords(platform.account.uuid, 'badge'))[0]?.uuid);
    await platform.control.updateRecord(platform.account.uuid, 'job', job, { badges: '[]' });
    const outbox = platform.outboxes()();
    const entry = await outbox.enqueue({ kind: 'badge-add', jobUuid: job, payload: { badgeUuid: badge } });
    const client = await platform.technicianClient(TECH_SCOPES.filter((s) => s !== 'manage_badges'));
    const sender = createOutboxSender({ outbox, client, setTimer: () => () => {} });
    expect(await sender.flush()).toEqual({ sent: 0, rescheduled: 0, failed: 1 });
    const failed = await outbox.get(entry.seq);
    expect(failed?.lastError).toMatchObject({ code: 'missing-scope' });
    expect(failed?.lastError?.message).toMatch(/manage_badges|manage_jobs/);
    expect(await platform.jobBadges(job)).toEqual([]);
    await outbox.close();
  });
});
