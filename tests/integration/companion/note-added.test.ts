import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, RunningEmulator } from '../../../server/emulator/contracts';
import { startEmulator } from '../../../server/emulator/start';
import { callbackKey, signCallbackToken } from '../../../server/companion/feed/index';
import type { FeedChange, FeedPage } from '../../../server/companion/feed/types';
import type { LogLine } from '../../../server/companion/request-log';
import { actingAs, bearer, openStream, postJson } from '../../support/companion/feed-client';
import { startFeedServer, type FeedServer } from '../../support/companion/feed-server';

// A new note's job without a read (issue 18): the `job.note_added` event names the note's job, so the companion
// puts it on the note's change without `GET dbonote`, and the note's object notification of the same creation
// (on its own queue, in either order) costs neither a read nor a second change. Against the real emulator; its
// request count is the companion's reads, since nothing else here asks it anything while counting.

const SCOPES = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles', 'read_schedule'];

let emulator: RunningEmulator;
let account: AccountInfo;
let companion: FeedServer;
let callbackUrl: string;
let officeToken: string;
let adminToken: string;
let stream: Awaited<ReturnType<typeof openStream>>;
const logs: LogLine[] = [];
let seconds = 0;

const requests = async () => (await emulator.control.stats()).requests;
const staffOf = (role: string) => account.staff.filter((s) => s.role === role && s.active).map((s) => s.uuid);

/** A time of its own for every creation the test makes up, so no two are mistaken for one. */
function nextTime(): string {
  seconds += 10;
  return `2026-11-21 07:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

async function changesOf(uuid: string): Promise<FeedChange[]> {
  const res = await fetch(`${companion.url}/feed?limit=1000`, { headers: bearer(officeToken) });
  expect(res.status).toBe(200);
  return ((await res.json()) as FeedPage).changes.filter((c) => c.uuid === uuid);
}

/** A note created on a job in the emulator, as the office would. */
async function newNote(): Promise<{ note: string; job: string }> {
  const jobs = await emulator.control.listRecords(account.uuid, 'job');
  const job = String(jobs[Math.floor(Math.random() * jobs.length)]!.uuid);
  const note = await emulator.control.createRecord(account.uuid, 'note', {
    note: 'Gate code 4411',
    related_object: 'job',
    related_object_uuid: job,
  });
  return { note, job };
}

type Shape = 'type-data' | 'event-entry';

/** The event notification of a new note, in each shape the platform may send (FIDELITY.md, "Event notification
 * body"): as captured in production, the note itself in `data`; or the older reading, the job in the entry. */
function eventOf(shape: Shape, note: string, job: string, time: string) {
  if (shape === 'type-data')
    return {
      id: `smwe_${note.replace(/-/g, '').slice(0, 24)}`,
      type: 'job.note_added',
      createdAt: time,
      data: { uuid: note, active: 1, related_object: 'job', related_object_uuid: job, note: 'Gate code 4411' },
    };
  return {
    eventName: 'job.note_added',
    object: 'job',
    entry: [{ uuid: job, time, note_uuid: note }],
    resource_url: `${emulator.info.base_url}/api_1.0/job/${job}.json`,
  };
}

/** The two notifications of a new note, as the platform sends them. */
function notificationsIn(note: string, job: string, time = nextTime(), shape: Shape = 'type-data') {
  const base = emulator.info.base_url;
  return {
    time,
    event: eventOf(shape, note, job, time),
    object: {
      object: 'note',
      entry: [{ changed_fields: ['note', 'active', 'related_object_uuid'], time, uuid: note }],
      resource_url: `${base}/api_1.0/note/${note}.json`,
    },
  };
}

async function deliver(body: unknown): Promise<{ ok: boolean; duplicate?: boolean; ignored?: string }> {
  const res = await postJson(callbackUrl, body);
  expect(res.status).toBe(200);
  return (await res.json()) as { ok: boolean; duplicate?: boolean; ignored?: string };
}

const expectedChange = (note: string, job: string, time: string) => ({
  id: expect.any(String),
  object: 'note',
  uuid: note,
  job_uuid: job,
  changed_fields: ['note'],
  time,
  resource_url: `${emulator.info.base_url}/api_1.0/dbonote/${note}.json`,
});

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 20, quiet: true });
  account = emulator.info.accounts[0]!;
  officeToken = (await emulator.control.issueTokens(account.uuid, staffOf('office')[0]!, SCOPES)).access_token;
  adminToken = (await emulator.control.issueTokens(account.uuid, staffOf('administrator')[0]!, SCOPES)).access_token;
  companion = await startFeedServer({ platformBaseUrl: emulator.info.base_url, log: (line) => logs.push(line) });
  callbackUrl = `${companion.url}/webhooks/${await signCallbackToken(await callbackKey(companion.config.signingSecret), account.uuid, 0)}`;
  // An open stream lends the companion a token to read with: without the event, it would read the note.
  stream = await openStream(`${companion.url}/feed/stream`, officeToken);
  expect(stream.res.status).toBe(200);
  await stream.until(() => stream.comments.includes('connected'));
});

afterAll(async () => {
  stream?.close();
  await companion?.close();
  await emulator?.close();
});

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
      const arrived = companion.webhooksArrived();
      const objectAnswer = deliver(object);
      // The event is sent only once the object notification is with the companion, so this order is the one tested.
      await expect.poll(() => companion.webhooksArrived()).toBe(arrived + 1);
      expect(await deliver(event)).toEqual({ ok: true, duplicate: false });
      expect(await objectAnswer).toEqual({ ok: true, duplicate: true });
      expect((await requests()) - before).toBe(0);
      expect(await changesOf(note)).toEqual([expectedChange(note, job, time)]);
    });

    it('a retry of the event, or of the object notification, adds nothing and reads nothing', async () => {
      const { note, job } = await newNote();
      const { event, object, time } = notificationsOf(note, job);
      const before = await requests();
      await deliver(event);
      await deliver(object);
      expect(await deliver(event)).toEqual({ ok: true, duplicate: true });
      expect(await deliver(object)).toEqual({ ok: true, duplicate: true });
      expect((await requests()) - before).toBe(0);
      expect(await changesOf(note)).toHaveLength(1);
    });

    it('with no event at all, the object notification of a new note reads the note as before and places it', async () => {
      const { note, job } = await newNote();
      const { object } = notificationsOf(note, job);
      const before = await requests();
      expect(await deliver(object)).toEqual({ ok: true, duplicate: false });
      expect((await requests()) - before).toBe(1);
      expect((await changesOf(note)).map((c) => [c.job_uuid, c.changed_fields])).toEqual([
        [job, ['note', 'active', 'related_object_uuid']],
      ]);
    });

    it('a note edit (object notification only, a later time) is still read and placed', async () => {
      const { note, job } = await newNote();
      const { event, time } = notificationsOf(note, job);
      await deliver(event);
      await emulator.control.updateRecord(account.uuid, 'note', note, { note: 'Gate code 9000' });
      const edit = {
        object: 'note',
        entry: [{ changed_fields: ['note'], time: nextTime(), uuid: note }],
        resource_url: `${emulator.info.base_url}/api_1.0/note/${note}.json`,
      };
      const before = await requests();
      expect(await deliver(edit)).toEqual({ ok: true, duplicate: false });
      expect((await requests()) - before).toBe(1);
      const changes = await changesOf(note);
      expect(changes.map((c) => [c.job_uuid, c.changed_fields, c.time])).toEqual([
        [job, ['note'], time],
        [job, ['note'], edit.entry[0]!.time],
      ]);
    });
  },
);

/** An event notification reshaped by a test into something the companion cannot read as a new note. */
type Reshape = (event: Record<string, unknown>, ids: { note: string; job: string; time: string }) => unknown;

describe('an event notification the companion cannot read', () => {
  it.each<[string, Shape, Reshape]>([
    ['an event the companion does not take', 'event-entry', (e) => ({ ...e, eventName: 'job.badge_added' })],
    [
      'a note that is not a uuid',
      'event-entry',
      (e, { job, time }) => ({ ...e, entry: [{ uuid: job, time, note_uuid: 'note-7' }] }),
    ],
    [
      'a job that is not a uuid',
      'event-entry',
      (e, { note, time }) => ({ ...e, entry: [{ uuid: 'Gate code 4411', time, note_uuid: note }] }),
    ],
    [
      'the job under another name',
      'event-entry',
      (e, { note, job, time }) => ({ ...e, entry: [{ time, job_uuid: job, note_uuid: note }] }),
    ],
    ['an event the companion does not take', 'type-data', (e) => ({ ...e, type: 'job.badge_added' })],
    [
      'a note that is not a uuid',
      'type-data',
      (e, { job }) => ({ ...e, data: { uuid: 'note-7', related_object: 'job', related_object_uuid: job } }),
    ],
    [
      'a note on something other than a job',
      'type-data',
      (e, { note, job }) => ({ ...e, data: { uuid: note, related_object: 'company', related_object_uuid: job } }),
    ],
    [
      'no record in data',
      'type-data',
      (e) => ({ id: e.id, type: e.type, createdAt: e.createdAt, data: 'Gate code 4411' }),
    ],
  ])('%s (%s) is answered 200, changes nothing and is logged by name only', async (_name, shape, reshape) => {
    const { note, job } = await newNote();
    const time = nextTime();
    const body = reshape(eventOf(shape, note, job, time), { note, job, time }) as Record<string, unknown>;
    const position = (await (
      await fetch(`${companion.url}/feed`, { headers: bearer(officeToken) })
    ).json()) as FeedPage;
    const before = await requests();
    const logged = logs.length;
    const answer = await deliver(body);
    expect(answer.ok).toBe(true);
    expect(answer.ignored).toMatch(/job\.note_added|event/);
    expect((await requests()) - before).toBe(0);
    const after = (await (
      await fetch(`${companion.url}/feed?after=${position.position}`, { headers: bearer(officeToken) })
    ).json()) as FeedPage;
    expect(after.changes).toEqual([]);
    const lines = logs.slice(logged);
    expect(lines).toEqual([
      {
        level: 'warn',
        webhook: 'ignored',
        kind: 'unexpected-event',
        event: body.eventName ?? body.type,
        count: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain(note);
    expect(JSON.stringify(lines)).not.toContain('Gate code');
  });

  it('a body of neither shape is answered 200 and logged by its kind only', async () => {
    const logged = logs.length;
    const answer = await deliver({ kind: 'mystery', note: 'Gate code 4411' });
    expect(answer.ok).toBe(true);
    expect(logs.slice(logged)).toEqual([
      { level: 'warn', webhook: 'ignored', kind: 'unreadable', count: expect.any(Number) },
    ]);
  });

  it("a createdAt in ISO 8601 is read as the webhook time the note's object notification carries", async () => {
    const { note, job } = await newNote();
    const time = nextTime();
    const event = { ...eventOf('type-data', note, job, time), createdAt: `${time.replace(' ', 'T')}.000Z` };
    const object = notificationsIn(note, job, time).object;
    const before = await requests();
    expect(await deliver(event)).toEqual({ ok: true, duplicate: false });
    expect(await deliver(object)).toEqual({ ok: true, duplicate: true });
    expect((await requests()) - before).toBe(0);
    expect(await changesOf(note)).toEqual([expectedChange(note, job, time)]);
  });
});

describe('a new note as the emulator delivers it, once an administrator registered', () => {
  const listed = async () => {
    const res = await fetch(`${emulator.info.base_url}/webhook_subscriptions?status=all`, {
      headers: bearer(adminToken),
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
      platformBaseUrl: emulator.info.base_url,
      signingSecret: companion.config.signingSecret,
      limits: { subscriptionsRecheckMs: 0 },
    });
    try {
      const register = () =>
        fetch(`${rechecking.url}/feed/register`, {
          method: 'POST',
          headers: actingAs(adminToken, staffOf('administrator')[0]!),
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
    const res = await fetch(`${companion.url}/feed/register`, {
      method: 'POST',
      headers: actingAs(adminToken, staffOf('administrator')[0]!),
    });
    expect(res.status).toBe(200);
    expect((await listed()).map((s) => [s.unique_id, s.callback_url]).sort()).toEqual(
      ['fieldside-job', 'fieldside-jobactivity', 'fieldside-note', 'fieldside-note-added'].map((id) => [
        id,
        callbackUrl,
      ]),
    );
  });

  it.each(['type-data', 'event-entry'] as const)(
    'a note created in the emulator (its event as %s) reaches the feed once, with its job, and the companion reads no note',
    async (shape) => {
      await emulator.control.setSwitches({ eventNotificationShape: shape });
      const answered = companion.webhookAnswers.length;
      const before = await requests();
      const { note, job } = await newNote();
      // Both deliveries of the new note (the event and the object notification) taken, in whichever order they came.
      await expect.poll(() => companion.webhookAnswers.length - answered, { timeout: 15_000 }).toBe(2);
      expect(companion.webhookAnswers.slice(answered).map((a) => a.status)).toEqual([200, 200]);
      expect((await requests()) - before).toBe(0);
      const changes = await changesOf(note);
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({
        object: 'note',
        uuid: note,
        job_uuid: job,
        resource_url: `${emulator.info.base_url}/api_1.0/dbonote/${note}.json`,
      });
      await emulator.control.setSwitches({ eventNotificationShape: 'type-data' });
    },
  );

  it("a new note with no event (not a job's) and a slow platform: the delivery is still answered inside the platform's wait", async () => {
    const [company] = await emulator.control.listRecords(account.uuid, 'company');
    const answered = companion.webhookAnswers.length;
    // The companion's read of the note is held far longer than the platform waits for a delivery's answer.
    await emulator.control.injectFault({ kind: 'delay', delayMs: 9_000, count: 1, pathPrefix: '/api_1.0/dbonote/' });
    try {
      const before = await requests();
      const note = await emulator.control.createRecord(account.uuid, 'note', {
        note: 'Key under the mat',
        related_object: 'company',
        related_object_uuid: String(company!.uuid),
      });
      await expect.poll(() => companion.webhookAnswers.length - answered, { timeout: 30_000 }).toBe(1);
      expect(companion.webhookAnswers.at(-1)).toMatchObject({ status: 200 });
      // It waited for an event that never came, then read (one request), and gave up the read in time.
      expect((await requests()) - before).toBe(1);
      expect((await changesOf(note)).map((c) => c.job_uuid)).toEqual([undefined]);
      // The emulator counts an answer later than its 10 s as a failed delivery: none here.
      expect((await listed()).find((s) => s.unique_id === 'fieldside-note')).toMatchObject({
        active: true,
        last_failure_reason: null,
      });
    } finally {
      await emulator.control.clearFaults();
    }
  });
});
