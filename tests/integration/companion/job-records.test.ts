import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, RunningEmulator } from '../../../server/emulator/contracts';
import { startEmulator } from '../../../server/emulator/start';
import { createAccountTokens } from '../../../server/companion/addon/account-tokens';
import { createMemoryAddonStore } from '../../../server/companion/addon/store/memory-store';
import { bearer, openStream, postJson } from '../../support/companion/feed-client';
import { startFeedServer, type FeedServer } from '../../support/companion/feed-server';
import { callbackKey, signCallbackToken } from '../../../server/companion/feed/index';
import { COMPANION_READS_PER_MINUTE } from '../../../server/companion/feed/read-budget';
import type { FeedChange, FeedPage } from '../../../server/companion/feed/types';

// The companion reads each changed job once for the whole account (issue 18), against the real emulator. Nobody
// registers as an administrator here, so the emulator holds no subscriptions and sends nothing of its own: every
// notification is the test's, posted to the account's callback URL, and the emulator's request count is the
// companion's reads alone.

const SCOPES = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles'];

let emulator: RunningEmulator;
let account: AccountInfo;
let companion: FeedServer;
let callbackUrl: string;
const tokenOf = new Map<string, string>();
let seconds = 0;

const requests = async () => (await emulator.control.stats()).requests;
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

async function deliver(body: unknown, url = callbackUrl): Promise<{ ok: boolean; duplicate: boolean }> {
  const res = await postJson(url, body);
  expect(res.status).toBe(200);
  return (await res.json()) as { ok: boolean; duplicate: boolean };
}

async function changeOf(uuid: string, server = companion): Promise<FeedChange> {
  const res = await fetch(`${server.url}/feed?limit=1000`, { headers: bearer(tokenOf.get(staffOf('office')[0]!)!) });
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

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 50, quiet: true });
  account = emulator.info.accounts[0]!;
  for (const staff of account.staff.filter((s) => s.active)) {
    tokenOf.set(staff.uuid, (await emulator.control.issueTokens(account.uuid, staff.uuid, SCOPES)).access_token);
  }
  companion = await startFeedServer({ platformBaseUrl: emulator.info.base_url });
  callbackUrl = await urlOf(companion);
});

afterAll(async () => {
  await companion?.close();
  await emulator?.close();
});

describe('job records on changes', () => {
  const streams: Awaited<ReturnType<typeof openStream>>[] = [];

  beforeAll(async () => {
    // A technician's, the office's and the administrator's browsers, each with its live stream open.
    for (const staff of [staffOf('technician')[0]!, staffOf('office')[0]!, staffOf('administrator')[0]!]) {
      const stream = await openStream(`${companion.url}/feed/stream`, tokenOf.get(staff)!);
      expect(stream.res.status).toBe(200);
      await stream.until(() => stream.comments.includes('connected'));
      streams.push(stream);
    }
  });

  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  it('reads a changed job once however many streams are open, and the record comes back with the change', async () => {
    const job = await existingJob(3);
    const before = await requests();
    await deliver(notification(job));
    expect((await requests()) - before).toBe(1);
    const change = await changeOf(job);
    expect(change.record).toEqual(await platformJob(job));
    // Live too: each open stream carries the record.
    for (const stream of streams)
      await stream.until(() => stream.changes().some((c) => c.uuid === job && c.record?.uuid === job));
  });

  it('spends no read on a note it already took (a platform retry); a job retry is read and kept out of the feed', async () => {
    const jobUuid = await existingJob(4);
    const job = notification(jobUuid);
    const note = notification(
      String((await emulator.control.listRecords(account.uuid, 'note'))[0]!.uuid),
      ['note'],
      'note',
    );
    const first = await requests();
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
    const res = await fetch(`${companion.url}/feed?limit=1000`, {
      headers: bearer(tokenOf.get(staffOf('office')[0]!)!),
    });
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
    const before = await requests();
    await deliver(notification(big, ['job_description']));
    expect((await requests()) - before).toBe(1);
    const change = await changeOf(big);
    expect(change.changed_fields).toEqual(['job_description']);
    expect(change).not.toHaveProperty('record');
  });

  it('takes the webhook with no record when the platform fails the read', async () => {
    const job = await existingJob(7);
    await emulator.control.injectFault({ kind: 'status', status: 503, count: 1, pathPrefix: '/api_1.0/job/' });
    try {
      const before = await requests();
      await deliver(notification(job));
      expect((await requests()) - before).toBe(1);
      expect(await changeOf(job)).not.toHaveProperty('record');
    } finally {
      await emulator.control.clearFaults();
    }
  });
});

describe('whose token reads', () => {
  it('with no token of the account at hand: no record, no read, the webhook still taken', async () => {
    const bare = await startFeedServer({ platformBaseUrl: emulator.info.base_url });
    try {
      const job = await existingJob(8);
      const before = await requests();
      await deliver(notification(job), await urlOf(bare));
      expect(await requests()).toBe(before);
      expect(await changeOf(job, bare)).not.toHaveProperty('record');
    } finally {
      await bare.close();
    }
  });

  it('a token the platform refuses the job gives way to the next', async () => {
    const two = await startFeedServer({ platformBaseUrl: emulator.info.base_url });
    const technician = staffOf('technician')[0]!;
    // A browser signed in without the job scope (403 on a job), and it is the newest stream, so tried first.
    const { access_token: unscoped } = await emulator.control.issueTokens(account.uuid, technician, ['vendor']);
    const opened: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      for (const token of [tokenOf.get(staffOf('office')[0]!)!, unscoped]) {
        const stream = await openStream(`${two.url}/feed/stream`, token);
        await stream.until(() => stream.comments.includes('connected'));
        opened.push(stream);
      }
      const job = await existingJob(10);
      const before = await requests();
      await deliver(notification(job), await urlOf(two));
      expect((await requests()) - before).toBe(2);
      expect((await changeOf(job, two)).record?.uuid).toBe(job);
    } finally {
      for (const stream of opened) stream.close();
      await two.close();
    }
  });

  it("reads with the account's kept tokens when it activated Fieldside, with no browser open", async () => {
    const admin = staffOf('administrator')[0]!;
    const issued = await emulator.control.issueTokens(account.uuid, admin, SCOPES);
    const store = createMemoryAddonStore();
    const kept = await startFeedServer({
      platformBaseUrl: emulator.info.base_url,
      accountTokens: (config) => createAccountTokens({ config, store, now: Date.now }),
    });
    try {
      await createAccountTokens({ config: kept.config, store, now: Date.now }).keep(account.uuid, issued);
      const job = await existingJob(9);
      const before = await requests();
      await deliver(notification(job), await urlOf(kept));
      expect((await requests()) - before).toBe(1);
      expect((await changeOf(job, kept)).record?.uuid).toBe(job);
    } finally {
      await kept.close();
    }
  });
});

describe("the companion's share of the account's minute", () => {
  it('reads no more than its share in a burst, and the changes past it go on without a record', async () => {
    const burst = await startFeedServer({ platformBaseUrl: emulator.info.base_url });
    const stream = await openStream(`${burst.url}/feed/stream`, tokenOf.get(staffOf('office')[0]!)!);
    try {
      await stream.until(() => stream.comments.includes('connected'));
      // Jobs no other test made too big for a record.
      const jobs = (await emulator.control.listRecords(account.uuid, 'job')).map((j) => String(j.uuid)).slice(11);
      const url = await urlOf(burst);
      const before = await requests();
      // An office bulk edit: more job changes at once than the companion's share of the account's minute.
      for (let i = 0; i < COMPANION_READS_PER_MINUTE + 10; i++)
        await deliver(notification(jobs[i % jobs.length]!), url);
      expect((await requests()) - before).toBe(COMPANION_READS_PER_MINUTE);
      await stream.until(() => stream.changes().length === COMPANION_READS_PER_MINUTE + 10);
      const withRecord = stream.changes().map((c) => c.record !== undefined);
      expect(withRecord).toEqual([
        ...Array<boolean>(COMPANION_READS_PER_MINUTE).fill(true),
        ...Array<boolean>(10).fill(false),
      ]);
    } finally {
      stream.close();
      await burst.close();
    }
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
    const app = new Hono()
      .get('/api_1.0/vendor.json', (c) => c.json([{ uuid: ACCOUNT }]))
      .get('/api_1.0/job/:file', (c) => c.json({ uuid: ANSWERED, status: 'Work Order' }));
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((r) => server.once('listening', r));
    wrong = await startFeedServer({ platformBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
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
      expect((await postJson(await urlOf(wrong, ACCOUNT), body)).status).toBe(200);
      await stream.until(() => stream.changes().some((c) => c.uuid === ASKED));
      expect(stream.changes().find((c) => c.uuid === ASKED)).not.toHaveProperty('record');
    } finally {
      stream.close();
    }
  });
});
