import { describe, expect, it } from 'vitest';
import { actingAs, bearer } from '../../support/companion/feed-client';
import { startFeedServer } from '../../support/companion/feed-server';
import { useNoteAddedScene } from '../../support/companion/note-added-scene';

// A new note's job without a read (issue 18): the `job.note_added` event names the note's job, so the companion
// puts it on the note's change without `GET dbonote`, and the note's object notification of the same creation
// (on its own queue, in either order) costs neither a read nor a second change; under each shape the event's
// notification may take (issue 28). Against the real emulator; its request count is the companion's reads, since
// nothing else here asks it anything while counting. Shapes the companion cannot read: note-added-shapes.test.ts.

const scene = useNoteAddedScene();
const { requests, staffOf, nextTime, changesOf, newNote, notificationsIn, deliver, expectedChange } = scene;

describe.each(['type-data', 'event-entry'] as const)(
  'a new note, its event as %s, its notifications posted by the test in each order',
  (shape) => {
    // Nobody has registered as an administrator yet: the emulator holds no subscriptions and sends nothing itself.
    const notificationsOf = (note: string, job: string) => notificationsIn(note, job, nextTime(), shape);

    it('event first: one change with its job, the object notification taken as a duplicate, no read', async () => {
      const { note, job } = await newNote();
      const { event, object, time } = notificationsOf(note, job);
      const before = await requests();
      expect(await deliver(event)).toEqual({ ok: true, duplicate: false });
      expect(await deliver(object)).toEqual({ ok: true, duplicate: true });
      expect((await requests()) - before).toBe(0);
      expect(await changesOf(note)).toEqual([expectedChange(note, job, time)]);
    });

    it('object notification first: it waits for the event and adds nothing, no read', async () => {
      const { note, job } = await newNote();
      const { event, object, time } = notificationsOf(note, job);
      const before = await requests();
      const arrived = scene.companion.webhooksArrived();
      const objectAnswer = deliver(object);
      // The event is sent only once the object notification is with the companion, so this order is the one tested.
      await expect.poll(() => scene.companion.webhooksArrived()).toBe(arrived + 1);
      expect(await deliver(event)).toEqual({ ok: true, duplicate: false });
      expect(await objectAnswer).toEqual({ ok: true, duplicate: true });
      expect((await requests()) - before).toBe(0);
      expect(await changesOf(note)).toEqual([expectedChange(note, job, time)]);
    });

    it('a retry of the event, or of the object notification, adds nothing and reads nothing', async () => {
      const { note, job } = await newNote();
      const { event, object } = notificationsOf(note, job);
      const before = await requests();
      await deliver(event);
      await deliver(object);
      expect(await deliver(event)).toEqual({ ok: true, duplicate: true });
      expect(await deliver(object)).toEqual({ ok: true, duplicate: true });
      expect((await requests()) - before).toBe(0);
      expect(await changesOf(note)).toHaveLength(1);
    });

    it('with no event at all, the object notification of a new note is published as it came: nothing read, no job', async () => {
      const { note, job } = await newNote();
      const { object } = notificationsOf(note, job);
      const before = await requests();
      expect(await deliver(object)).toEqual({ ok: true, duplicate: false });
      expect((await requests()) - before).toBe(0);
      expect((await changesOf(note)).map((c) => [c.job_uuid, c.changed_fields])).toEqual([
        [undefined, ['note', 'active', 'related_object_uuid']],
      ]);
    });

    it('a note edit (object notification only, a later time) is published unread', async () => {
      const { note, job } = await newNote();
      const { event, time } = notificationsOf(note, job);
      await deliver(event);
      await scene.emulator.control.updateRecord(scene.account.uuid, 'note', note, { note: 'Gate code 9000' });
      const edit = {
        object: 'note',
        entry: [{ changed_fields: ['note'], time: nextTime(), uuid: note }],
        resource_url: `${scene.emulator.info.base_url}/api_1.0/note/${note}.json`,
      };
      const before = await requests();
      expect(await deliver(edit)).toEqual({ ok: true, duplicate: false });
      expect((await requests()) - before).toBe(0);
      const changes = await changesOf(note);
      expect(changes.map((c) => [c.job_uuid, c.changed_fields, c.time])).toEqual([
        [job, ['note'], time],
        [undefined, ['note'], edit.entry[0]!.time],
      ]);
    });
  },
);

describe('a new note as the emulator delivers it, once an administrator registered', () => {
  const listed = async () => {
    const res = await fetch(`${scene.emulator.info.base_url}/webhook_subscriptions?status=all`, {
      headers: bearer(scene.adminToken),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Array<{
      type: string;
      event?: string;
      unique_id: string;
      uuid: string;
      active: boolean;
      callback_url: string;
      last_failure_reason: string | null;
    }>;
  };

  it('makes the job.note_added subscription once and keeps it', async () => {
    // A companion that checks the subscriptions at every register, so the second register does list them.
    const rechecking = await startFeedServer({
      platformBaseUrl: scene.emulator.info.base_url,
      signingSecret: scene.companion.config.signingSecret,
      limits: { subscriptionsRecheckMs: 0 },
    });
    try {
      const register = () =>
        fetch(`${rechecking.url}/feed/register`, {
          method: 'POST',
          headers: actingAs(scene.adminToken, staffOf('administrator')[0]!),
        });
      const first = await register();
      expect(first.status).toBe(200);
      expect(((await first.json()) as { refused: unknown[] }).refused).toEqual([]);
      const events = (await listed()).filter((s) => s.type === 'event');
      expect(events.map((s) => [s.event, s.unique_id, s.active])).toEqual([
        ['job.note_added', 'fieldside-note-added', true],
      ]);
      expect((await register()).status).toBe(200);
      expect((await listed()).filter((s) => s.type === 'event').map((s) => s.uuid)).toEqual([events[0]!.uuid]);
    } finally {
      await rechecking.close();
    }
    // The subscriptions now point at the companion under test (the register there moves them, the same way).
    const res = await fetch(`${scene.companion.url}/feed/register`, {
      method: 'POST',
      headers: actingAs(scene.adminToken, staffOf('administrator')[0]!),
    });
    expect(res.status).toBe(200);
    expect((await listed()).map((s) => [s.unique_id, s.callback_url]).sort()).toEqual(
      ['fieldside-job', 'fieldside-jobactivity', 'fieldside-note', 'fieldside-note-added'].map((id) => [
        id,
        scene.callbackUrl,
      ]),
    );
  });

  it.each(['type-data', 'event-entry'] as const)(
    'a note created in the emulator (its event as %s) reaches the feed once, with its job, and the companion reads no note',
    async (shape) => {
      await scene.emulator.control.setSwitches({ eventNotificationShape: shape });
      const answered = scene.companion.webhookAnswers.length;
      const before = await requests();
      const { note, job } = await newNote();
      // Both deliveries of the new note (the event and the object notification) taken, in whichever order they came.
      await expect.poll(() => scene.companion.webhookAnswers.length - answered, { timeout: 15_000 }).toBe(2);
      expect(scene.companion.webhookAnswers.slice(answered).map((a) => a.status)).toEqual([200, 200]);
      expect((await requests()) - before).toBe(0);
      const changes = await changesOf(note);
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({
        object: 'note',
        uuid: note,
        job_uuid: job,
        resource_url: `${scene.emulator.info.base_url}/api_1.0/dbonote/${note}.json`,
      });
      await scene.emulator.control.setSwitches({ eventNotificationShape: 'type-data' });
    },
  );

  it("a new note with no event (not a job's): the delivery is answered inside the platform's wait, and nothing is read", async () => {
    const [company] = await scene.emulator.control.listRecords(scene.account.uuid, 'company');
    const answered = scene.companion.webhookAnswers.length;
    // The companion's read of the note is held far longer than the platform waits for a delivery's answer.
    await scene.emulator.control.injectFault({
      kind: 'delay',
      delayMs: 9_000,
      count: 1,
      pathPrefix: '/api_1.0/dbonote/',
    });
    try {
      const before = await requests();
      const note = await scene.emulator.control.createRecord(scene.account.uuid, 'note', {
        note: 'Key under the mat',
        related_object: 'company',
        related_object_uuid: String(company!.uuid),
      });
      await expect.poll(() => scene.companion.webhookAnswers.length - answered, { timeout: 30_000 }).toBe(1);
      expect(scene.companion.webhookAnswers.at(-1)).toMatchObject({ status: 200 });
      // It waited for an event that never came, and read nothing: a notification alone is not read.
      expect((await requests()) - before).toBe(0);
      expect((await changesOf(note)).map((c) => c.job_uuid)).toEqual([undefined]);
      // The emulator counts an answer later than its 10 s as a failed delivery: none here.
      expect((await listed()).find((s) => s.unique_id === 'fieldside-note')).toMatchObject({
        active: true,
        last_failure_reason: null,
      });
    } finally {
      await scene.emulator.control.clearFaults();
    }
  });
});
