import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, RunningEmulator } from '../../../server/emulator/contracts';
import { startEmulator } from '../../../server/emulator/start';
import { createAccountTokens } from '../../../server/companion/addon/account-tokens';
import { createMemoryAddonStore } from '../../../server/companion/addon/store/memory-store';
import { actingAs, bearer, issuePasses, openStream, postJson } from '../../support/companion/feed-client';
import { startFeedServer, type FeedServer } from '../../support/companion/feed-server';
import { callbackKey, signCallbackToken } from '../../../server/companion/feed/index';
import { ACTIVATION_SCOPES } from '../../../server/companion/oauth/activation-scopes';
import { COMPANION_READS_PER_MINUTE } from '../../../server/companion/feed/enrich/read-budget';
import type { FeedChange, FeedPage } from '../../../contracts/companion-http';
import { createFeedStore } from '../../../server/companion/feed/store/create-store';
import type { FeedStore, NewChange } from '../../../server/companion/feed/store/types';

// The companion reads each changed job once for the whole account (issue 18), with the account's kept grant, for a
// change the platform signed (the add-on's manifest webhook: `deliverSigned` takes it as /addon/event does), against
// the real emulator. Its record goes to the browsers whose pass names someone the platform lets see the job (issue
// 29). The emulator holds no subscriptions and sends nothing of its own here: every notification is the test's, and
// the emulator's request count is the companion's reads alone.

const SCOPES = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles'];

let emulator: RunningEmulator;
let account: AccountInfo;
let companion: FeedServer;
const tokenOf = new Map<string, string>();
let seconds = 0;
let keptGrant: Awaited<ReturnType<RunningEmulator['control']['issueTokens']>>;

const requests = async () => (await emulator.control.stats()).requests;
/**
 * The emulator's count once the reads in the background (a narrowed person's list, a look at the subscriptions when a
 * stream opens) of the shared companion and of every other companion the test started are done.
 */
async function settled(...more: FeedServer[]): Promise<number> {
  await Promise.all([companion, ...more].map((server) => server.settled()));
  return requests();
}
const staffOf = (role: string) => account.staff.filter((s) => s.role === role && s.active).map((s) => s.uuid);

async function urlOf(server: FeedServer, of = account.uuid): Promise<string> {
  return `${server.url}/webhooks/${await signCallbackToken(await callbackKey(server.config.signingSecret), of, 0)}`;
}

/** A job notification as the platform sends it; each call a different second, so never a duplicate by accident. */
function notification(uuid: string, fields = ['status'], object = 'job') {
  seconds++;
  const time = `2026-11-21 06:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  return {
    object,
    entry: [{ changed_fields: fields, time, uuid }],
    resource_url: `${emulator.info.base_url}/api_1.0/${object}/${uuid}.json`,
  };
}

/** A change the platform signed, taken by `server`: whether it was appended or a duplicate. */
async function deliver(body: unknown, server = companion): Promise<{ ok: boolean; duplicate: boolean }> {
  const taken = await server.deliverSigned(account.uuid, body);
  return { ok: taken.kind !== 'retired', duplicate: taken.kind === 'duplicate' };
}

/** The change as the office's verified browser reads it (the platform lets the office see every job). */
async function changeOf(uuid: string, server = companion): Promise<FeedChange> {
  const office = staffOf('office')[0]!;
  const res = await fetch(`${server.url}/feed?limit=1000`, { headers: actingAs(tokenOf.get(office)!, office) });
  const page = (await res.json()) as FeedPage;
  const change = page.changes.filter((c) => c.uuid === uuid).at(-1);
  expect(change).toBeDefined();
  return change!;
}

/** The job as the platform answers it to an account-wide reader (one request, counted by whoever calls). */
async function platformJob(uuid: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${emulator.info.base_url}/api_1.0/job/${uuid}.json`, {
    headers: bearer(tokenOf.get(staffOf('administrator')[0]!)!),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const existingJob = async (at: number) => String((await emulator.control.listRecords(account.uuid, 'job'))[at]!.uuid);

/** A feed server of an account that activated Fieldside: the administrator's grant is kept. */
async function activatedServer(
  over: Pick<Parameters<typeof startFeedServer>[0], 'now' | 'heldRetryMs' | 'createStore'> = {},
) {
  const store = createMemoryAddonStore();
  const server = await startFeedServer({
    ...over,
    platformBaseUrl: emulator.info.base_url,
    accountTokens: (config) => createAccountTokens({ config, store, now: Date.now }),
  });
  await createAccountTokens({ config: server.config, store, now: Date.now }).keep(account.uuid, keptGrant);
  // Each browser's pass names its person (paired), as the companion hands it out (same signing secret for all).
  for (const [staff, token] of tokenOf)
    await issuePasses(server.config.signingSecret, { [token]: account.uuid }, [undefined, staff]);
  return server;
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 50, quiet: true });
  account = emulator.info.accounts[0]!;
  for (const staff of account.staff.filter((s) => s.active)) {
    tokenOf.set(staff.uuid, (await emulator.control.issueTokens(account.uuid, staff.uuid, SCOPES)).access_token);
  }
  // What an activation asks for (the job's visits and allocations among them).
  keptGrant = await emulator.control.issueTokens(account.uuid, staffOf('administrator')[0]!, [...ACTIVATION_SCOPES]);
  companion = await activatedServer();
});

afterAll(async () => {
  await companion?.close();
  await emulator?.close();
});

describe('job records on changes', () => {
  const streams: Awaited<ReturnType<typeof openStream>>[] = [];

  beforeAll(async () => {
    // The office's and the administrator's browsers, paired, each with its live stream open; and one nobody vouched
    // for (a self-declared office worker).
    for (const staff of [staffOf('office')[0]!, staffOf('administrator')[0]!]) {
      const token = tokenOf.get(staff)!;
      const stream = await openStream(`${companion.url}/feed/stream`, token, actingAs(token, staff));
      expect(stream.res.status).toBe(200);
      await stream.until(() => stream.comments.includes('connected'));
      streams.push(stream);
    }
    const declared = await openStream(`${companion.url}/feed/stream`, tokenOf.get(staffOf('office')[0]!)!);
    await declared.until(() => declared.comments.includes('connected'));
    streams.push(declared);
    // A first change: the companion asks the platform about each verified person once, and learns the office and the
    // administrator see every job (their yes for a job with no visit or allocation of theirs).
    await deliver(notification(await existingJob(2)));
    await settled();
  });

  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  it('reads a changed job once however many streams are open, and the record comes back to those the platform lets see it', async () => {
    const job = await existingJob(3);
    const before = await settled();
    await deliver(notification(job));
    expect((await settled()) - before).toBe(1);
    const change = await changeOf(job);
    expect(change.record).toEqual(await platformJob(job));
    expect(change.yours).toBe('record');
    // Live too: each verified stream carries the record; the self-declared one the change alone.
    for (const stream of streams.slice(0, 2))
      await stream.until(() => stream.changes().some((c) => c.uuid === job && c.record?.uuid === job));
    const declared = streams[2]!;
    await declared.until(() => declared.changes().some((c) => c.uuid === job));
    expect(declared.changes().find((c) => c.uuid === job)).not.toHaveProperty('record');
  });

  it('spends no read on a note it already took (a platform retry); a job retry is read and kept out of the feed', async () => {
    const jobUuid = await existingJob(4);
    const job = notification(jobUuid);
    const note = notification(
      String((await emulator.control.listRecords(account.uuid, 'note'))[0]!.uuid),
      ['note'],
      'note',
    );
    const first = await settled();
    expect(await deliver(job)).toEqual({ ok: true, duplicate: false });
    expect(await deliver(note)).toEqual({ ok: true, duplicate: false });
    const taken = await requests();
    expect(taken - first).toBe(2);
    expect(await deliver(note)).toEqual({ ok: true, duplicate: true });
    expect(await requests()).toBe(taken);
    // A job's notification within the same second is the same for a retry and for a second edit: only the record
    // read for it tells them apart, so it is read, and the same state is a duplicate.
    expect(await deliver(job)).toEqual({ ok: true, duplicate: true });
    expect(await requests()).toBe(taken + 1);
  });

  it('keeps a second edit of a job within the same second, with its own record: the browsers get the last state', async () => {
    const jobUuid = await existingJob(8);
    const job = notification(jobUuid, ['status']);
    await emulator.control.updateRecord(account.uuid, 'job', jobUuid, { status: 'Quote' });
    expect(await deliver(job)).toEqual({ ok: true, duplicate: false });
    await emulator.control.updateRecord(account.uuid, 'job', jobUuid, { status: 'Completed' });
    expect(await deliver(job)).toEqual({ ok: true, duplicate: false });
    const office = staffOf('office')[0]!;
    const res = await fetch(`${companion.url}/feed?limit=1000`, { headers: actingAs(tokenOf.get(office)!, office) });
    const changes = ((await res.json()) as FeedPage).changes.filter(
      (c) => c.uuid === jobUuid && c.time === job.entry[0]!.time,
    );
    expect(changes.map((c) => c.record?.status)).toEqual(['Quote', 'Completed']);
  });

  it('takes the record for the uuid in any letter case, and leaves off a record larger than 16 KB', async () => {
    const job = await existingJob(5);
    await deliver(notification(job.toUpperCase()));
    expect((await changeOf(job.toUpperCase())).record?.uuid).toBe(job);

    const big = await existingJob(6);
    await emulator.control.updateRecord(account.uuid, 'job', big, {
      job_description: 'Replace the boiler. '.repeat(1000),
    });
    const before = await settled();
    await deliver(notification(big, ['job_description']));
    expect((await settled()) - before).toBe(1);
    const change = await changeOf(big);
    expect(change.changed_fields).toEqual(['job_description']);
    expect(change).not.toHaveProperty('record');
  });

  it('takes the webhook with no record when the platform fails the read', async () => {
    const job = await existingJob(7);
    await emulator.control.injectFault({ kind: 'status', status: 503, count: 1, pathPrefix: '/api_1.0/job/' });
    try {
      const before = await settled();
      await deliver(notification(job));
      expect((await settled()) - before).toBe(1);
      expect(await changeOf(job)).not.toHaveProperty('record');
    } finally {
      await emulator.control.clearFaults();
    }
  });
});

describe('whose grant reads', () => {
  it('an account that did not activate Fieldside: a notification to its callback URL is published unread, with no record', async () => {
    const bare = await startFeedServer({
      platformBaseUrl: emulator.info.base_url,
      passesFor: Object.fromEntries([...tokenOf.values()].map((t) => [t, account.uuid])),
    });
    try {
      const job = await existingJob(8);
      const before = await settled(bare);
      const res = await postJson(await urlOf(bare), notification(job));
      expect(res.status).toBe(200);
      expect(await settled(bare)).toBe(before);
      const page = (await (
        await fetch(`${bare.url}/feed?limit=1000`, { headers: bearer(tokenOf.get(staffOf('office')[0]!)!) })
      ).json()) as FeedPage;
      expect(page.changes.find((c) => c.uuid === job)).toMatchObject({ yours: 'none' });
      expect(page.changes.find((c) => c.uuid === job)).not.toHaveProperty('record');
    } finally {
      await bare.close();
    }
  });

  it("never borrows a browser's token: with the kept grant refused the job, no record, however many streams are open", async () => {
    const technician = staffOf('technician')[0]!;
    // The kept grant of an activation that lacked the job scope (403 on a job).
    const store = createMemoryAddonStore();
    const narrow = await startFeedServer({
      platformBaseUrl: emulator.info.base_url,
      accountTokens: (config) => createAccountTokens({ config, store, now: Date.now }),
    });
    const unscoped = await emulator.control.issueTokens(account.uuid, technician, ['vendor']);
    await createAccountTokens({ config: narrow.config, store, now: Date.now }).keep(account.uuid, unscoped);
    const office = staffOf('office')[0]!;
    await issuePasses(narrow.config.signingSecret, { [tokenOf.get(office)!]: account.uuid }, [undefined, office]);
    const stream = await openStream(
      `${narrow.url}/feed/stream`,
      tokenOf.get(office)!,
      actingAs(tokenOf.get(office)!, office),
    );
    try {
      await stream.until(() => stream.comments.includes('connected'));
      const job = await existingJob(10);
      // Counted once the earlier tests' reads in the background, and this companion's look at the subscriptions when
      // the stream opened, are done (each landed in this window in a clean run).
      const before = await settled(narrow);
      await deliver(notification(job), narrow);
      expect((await settled(narrow)) - before).toBe(1);
      await stream.until(() => stream.changes().some((c) => c.uuid === job));
      expect(stream.changes().find((c) => c.uuid === job)).not.toHaveProperty('record');
    } finally {
      stream.close();
      await narrow.close();
    }
  });
});

/** The companion's feed store, telling `appended` of every change appended to it. */
const recordingStore =
  (appended: NewChange[]) =>
  async (config: Parameters<typeof createFeedStore>[0]): Promise<FeedStore> => {
    const store = await createFeedStore(config);
    return { ...store, append: (...args) => (appended.push(args[1]), store.append(...args)) };
  };

describe("the companion's share of the account's minute", () => {
  it('reads no more than its share in a burst, holds the changes past it, and publishes them with their records once the share has room', async () => {
    let now = Date.now();
    const appended: NewChange[] = [];
    const burst = await activatedServer({ now: () => now, heldRetryMs: 50, createStore: recordingStore(appended) });
    // No browser verified: the companion reads the records and asks nobody about them.
    const stream = await openStream(`${burst.url}/feed/stream`, tokenOf.get(staffOf('office')[0]!)!);
    try {
      await stream.until(() => stream.comments.includes('connected'));
      // Jobs no other test made too big for a record.
      const jobs = (await emulator.control.listRecords(account.uuid, 'job')).map((j) => String(j.uuid)).slice(11);
      // Each edited now, so that the platform's list of jobs edited since the notifications' time holds them.
      for (const job of jobs)
        await emulator.control.updateRecord(account.uuid, 'job', job, { job_address: '1 Bulk Way' });
      const sent: string[] = [];
      // Counted once this companion's look at the subscriptions, when the stream opened, is done too.
      const before = await settled(burst);
      // An office bulk edit: more job changes at once than the companion's share of the account's minute.
      for (let i = 0; i < COMPANION_READS_PER_MINUTE + 10; i++) {
        sent.push(jobs[i % jobs.length]!);
        await deliver(notification(sent.at(-1)!), burst);
      }
      expect((await settled()) - before).toBe(COMPANION_READS_PER_MINUTE);
      await stream.until(() => stream.changes().length === COMPANION_READS_PER_MINUTE);
      // The ten past the share wait: published bare, each would cost every browser that holds its job a read.
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.changes()).toHaveLength(COMPANION_READS_PER_MINUTE);
      expect((await settled()) - before).toBe(COMPANION_READS_PER_MINUTE);
      // A minute on, the share has room again: the held changes are read together (the account's time zone, then
      // the jobs edited since the earliest of them: batch-reads.ts) and published, in the order they came.
      now += 60_001;
      await stream.until(() => stream.changes().length === COMPANION_READS_PER_MINUTE + 10);
      expect((await settled()) - before).toBe(COMPANION_READS_PER_MINUTE + 2);
      expect(stream.changes().map((c) => c.uuid)).toEqual(sent);
      // Every change kept its record (this stream is nobody's, so it gets none of them).
      expect(appended.map((c) => c.uuid)).toEqual(sent);
      expect(appended.every((c) => c.record !== undefined)).toBe(true);
      expect(stream.changes().every((c) => c.record === undefined)).toBe(true);
    } finally {
      stream.close();
      await burst.close();
    }
  });

  it('publishes what it still holds, unread, when it closes', async () => {
    const appended: NewChange[] = [];
    const burst = await activatedServer({
      now: () => 0,
      createStore: recordingStore(appended),
    });
    const jobs = (await emulator.control.listRecords(account.uuid, 'job')).map((j) => String(j.uuid)).slice(11);
    for (let i = 0; i < COMPANION_READS_PER_MINUTE + 3; i++) await deliver(notification(jobs[i % jobs.length]!), burst);
    expect(appended).toHaveLength(COMPANION_READS_PER_MINUTE);
    await burst.close();
    // The three held went on before the store closed, as their notifications said them: their browsers read them.
    expect(appended).toHaveLength(COMPANION_READS_PER_MINUTE + 3);
    expect(appended.slice(-3).every((c) => c.record === undefined)).toBe(true);
  });
});

describe('a platform that answers another record', () => {
  // No emulator can be made to answer job A with job B's record; a platform on 127.0.0.1 that does stands in for
  // a misrouted or cached answer of the real one.
  const ACCOUNT = 'aaaaaaaa-0000-4000-8000-000000000001';
  const ASKED = 'aaaaaaaa-0000-4000-8000-00000000000a';
  const ANSWERED = 'aaaaaaaa-0000-4000-8000-00000000000b';
  let server: ReturnType<typeof serve>;
  let wrong: FeedServer;

  beforeAll(async () => {
    const app = new Hono().get('/api_1.0/job/:file', (c) => c.json({ uuid: ANSWERED, status: 'Work Order' }));
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((r) => server.once('listening', r));
    wrong = await startFeedServer({
      platformBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      accountTokens: () => ({ current: async () => ({ kind: 'tokens', accessToken: 'kept' }) }),
      passesFor: { 'any-token': ACCOUNT },
    });
  });

  afterAll(async () => {
    await wrong?.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('leaves the record off, and takes the change', async () => {
    const stream = await openStream(`${wrong.url}/feed/stream`, 'any-token');
    try {
      expect(stream.res.status).toBe(200);
      await stream.until(() => stream.comments.includes('connected'));
      const body = {
        object: 'job',
        entry: [{ changed_fields: ['status'], time: '2026-11-21 06:00:00', uuid: ASKED }],
        resource_url: `${wrong.config.platformBaseUrl}/api_1.0/job/${ASKED}.json`,
      };
      await wrong.deliverSigned(ACCOUNT, body);
      await stream.until(() => stream.changes().some((c) => c.uuid === ASKED));
      expect(stream.changes().find((c) => c.uuid === ASKED)).not.toHaveProperty('record');
    } finally {
      stream.close();
    }
  });
});
