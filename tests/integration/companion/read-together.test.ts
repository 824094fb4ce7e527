import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, RunningEmulator } from '../../../server/emulator/contracts';
import { startEmulator } from '../../../server/emulator/start';
import { createAccountTokens } from '../../../server/companion/addon/account-tokens';
import { createMemoryAddonStore } from '../../../server/companion/addon/store/memory-store';
import { ACTIVATION_SCOPES } from '../../../server/companion/oauth/activation-scopes';
import { createFeedStore } from '../../../server/companion/feed/store/create-store';
import type { FeedStore, NewChange } from '../../../server/companion/feed/store/types';
import { actingAs, issuePasses, openStream } from '../../support/companion/feed-client';
import { startFeedServer, type FeedServer } from '../../support/companion/feed-server';

// Changes that arrive together are read together (feed/enrich/held-changes.ts, feed/enrich/batch-reads.ts): a signed change waits
// a moment for others of its account, and then each kind costs one request, the platform's list of it edited since
// the earliest of them, with the account's own grant, never impersonated. Against the real emulator, whose clock
// stamps every edit's `edit_date` in the account's local time and every notification's `time` in UTC.

const SCOPES = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles'];

let emulator: RunningEmulator;
let account: AccountInfo;
let keptGrant: Awaited<ReturnType<RunningEmulator['control']['issueTokens']>>;

const requests = async () => (await emulator.control.stats()).requests;
const staffOf = (role: string) => account.staff.filter((s) => s.role === role && s.active).map((s) => s.uuid);
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** A notification as the platform sends it for an edit made now (the emulator's now). */
async function notification(uuid: string, object: string, fields: string[]) {
  return {
    object,
    entry: [{ changed_fields: fields, time: utc(await emulator.control.now()), uuid }],
    resource_url: `${emulator.info.base_url}/api_1.0/${object}/${uuid}.json`,
  };
}

/** The companion's feed store, telling `appended` of every change appended to it. */
const recordingStore =
  (appended: NewChange[]) =>
  async (config: Parameters<typeof createFeedStore>[0]): Promise<FeedStore> => {
    const store = await createFeedStore(config);
    return { ...store, append: (...args) => (appended.push(args[1]), store.append(...args)) };
  };

async function collectingServer(appended: NewChange[]): Promise<FeedServer> {
  const store = createMemoryAddonStore();
  const server = await startFeedServer({
    platformBaseUrl: emulator.info.base_url,
    collectMs: 200,
    createStore: recordingStore(appended),
    accountTokens: (config) => createAccountTokens({ config, store, now: Date.now }),
  });
  await createAccountTokens({ config: server.config, store, now: Date.now }).keep(account.uuid, keptGrant);
  return server;
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 60, quiet: true });
  account = emulator.info.accounts[0]!;
  keptGrant = await emulator.control.issueTokens(account.uuid, staffOf('administrator')[0]!, [...ACTIVATION_SCOPES]);
});

afterAll(async () => {
  await emulator?.close();
});

describe('changes read together', () => {
  it('reads the jobs, notes and visits that came together in one request per kind, each change with what its own read would give', async () => {
    const appended: NewChange[] = [];
    const server = await collectingServer(appended);
    try {
      const jobs = (await emulator.control.listRecords(account.uuid, 'job')).map((j) => String(j.uuid)).slice(0, 5);
      const visits = (await emulator.control.listRecords(account.uuid, 'jobactivity')).slice(0, 2);
      const sent: Array<{ uuid: string; object: string }> = [];
      const deliveries: unknown[] = [];
      // An office's busy moment: five jobs edited, three notes written, two visits moved.
      for (const [i, job] of jobs.entries()) {
        await emulator.control.updateRecord(account.uuid, 'job', job, { job_description: `Read together ${i}` });
        deliveries.push(await notification(job, 'job', ['job_description']));
        sent.push({ uuid: job, object: 'job' });
      }
      const notes: string[] = [];
      for (const job of jobs.slice(0, 3)) {
        const note = await emulator.control.createRecord(account.uuid, 'note', {
          related_object: 'job',
          related_object_uuid: job,
          note: 'Gate code 4411',
        });
        notes.push(note);
        deliveries.push(await notification(note, 'note', ['note']));
        sent.push({ uuid: note, object: 'note' });
      }
      for (const visit of visits) {
        await emulator.control.updateRecord(account.uuid, 'jobactivity', String(visit.uuid), {
          start_date: '2026-12-01 09:00:00',
        });
        deliveries.push(await notification(String(visit.uuid), 'jobactivity', ['start_date']));
        sent.push({ uuid: String(visit.uuid), object: 'jobactivity' });
      }
      await server.settled();
      const before = await requests();
      for (const body of deliveries) expect((await server.deliverSigned(account.uuid, body)).kind).toBe('held');
      await server.settled();
      // The account's time zone (once a day), then one list per kind. The visits' jobs are not read as their staff
      // members: no browser the platform vouched for speaks for them here, so no one could take the record
      // (visit-jobs.test.ts reads them for a paired browser online).
      const spent = (await requests()) - before;
      expect(spent).toBe(1 + 3);
      // In the order they came, each with what its own read would have put on it.
      expect(appended.map((c) => c.uuid)).toEqual(sent.map((s) => s.uuid));
      for (const [i, job] of jobs.entries())
        expect(appended[i]!.record).toMatchObject({ uuid: job, job_description: `Read together ${i}` });
      expect(appended.slice(5, 8).map((c) => c.job_uuid)).toEqual(jobs.slice(0, 3));
      for (const [i, visit] of visits.entries()) expect(appended[8 + i]!.job_uuid).toBe(String(visit.job_uuid));
    } finally {
      await server.close();
    }
  });

  it('reads on its own a change its list did not hold, and a lone change as it always did', async () => {
    const appended: NewChange[] = [];
    const server = await collectingServer(appended);
    try {
      const [edited, untouched] = (await emulator.control.listRecords(account.uuid, 'job'))
        .map((j) => String(j.uuid))
        .slice(10, 12);
      await emulator.control.updateRecord(account.uuid, 'job', edited!, { status: 'Work Order' });
      // A notification of a job whose edit_date did not move (the platform's list since then does not hold it).
      const stale = await notification(untouched!, 'job', ['status']);
      await server.deliverSigned(account.uuid, await notification(edited!, 'job', ['status']));
      await server.deliverSigned(account.uuid, stale);
      await server.settled();
      // The zone was read by an earlier server; this one reads it once, then the list, then the job it lacked.
      expect(appended.map((c) => c.record?.uuid)).toEqual([edited, untouched]);

      const before = await requests();
      await emulator.control.advanceClock(5);
      await emulator.control.updateRecord(account.uuid, 'job', edited!, { status: 'Quote' });
      await server.deliverSigned(account.uuid, await notification(edited!, 'job', ['status']));
      await server.settled();
      expect((await requests()) - before).toBe(1);
      expect(appended.at(-1)!.record).toMatchObject({ uuid: edited, status: 'Quote' });
    } finally {
      await server.close();
    }
  });

  it('gives each record only to the readers the platform lets see it, as a change read on its own', async () => {
    const appended: NewChange[] = [];
    const server = await collectingServer(appended);
    const technician = staffOf('technician')[0]!;
    const token = (await emulator.control.issueTokens(account.uuid, technician, SCOPES)).access_token;
    await issuePasses(server.config.signingSecret, { [token]: account.uuid }, [technician]);
    const stream = await openStream(`${server.url}/feed/stream`, token, actingAs(token, technician));
    try {
      await stream.until(() => stream.comments.includes('connected'));
      const theirs = new Set(await emulator.control.visibleJobUuids(account.uuid, technician));
      const all = (await emulator.control.listRecords(account.uuid, 'job')).map((j) => String(j.uuid));
      const mine = all.find((j) => theirs.has(j))!;
      const notMine = all.find((j) => !theirs.has(j))!;
      for (const job of [mine, notMine])
        await emulator.control.updateRecord(account.uuid, 'job', job, { status: 'Quote' });
      for (const job of [mine, notMine])
        await server.deliverSigned(account.uuid, await notification(job, 'job', ['status']));
      await server.settled();
      await stream.until(() => stream.changes().filter((c) => c.uuid === mine || c.uuid === notMine).length === 2);
      expect(appended.every((c) => c.record !== undefined)).toBe(true);
      const got = stream.changes();
      expect(got.find((c) => c.uuid === mine)?.record?.uuid).toBe(mine);
      expect(got.find((c) => c.uuid === notMine)).not.toHaveProperty('record');
    } finally {
      stream.close();
      await server.close();
    }
  });

  it.each([
    ['answered 503', { kind: 'status', status: 503 }],
    ['not answered within its 3 s', { kind: 'delay', delayMs: 3_500 }],
  ] as const)(
    'reads a note once more when its read was %s, so it goes out with its job (without, every open browser reads it)',
    async (_, fault) => {
      const appended: NewChange[] = [];
      const server = await collectingServer(appended);
      try {
        const job = String((await emulator.control.listRecords(account.uuid, 'job'))[20]!.uuid);
        const note = await emulator.control.createRecord(account.uuid, 'note', {
          related_object: 'job',
          related_object_uuid: job,
          note: 'Side gate is open',
        });
        // Nothing else asks the emulator anything here: the fault is the note's first read.
        await emulator.control.injectFault({ ...fault, pathPrefix: '/api_1.0/dbonote/', count: 1 });
        await server.settled();
        const injected = (await emulator.control.stats()).faultsInjected;
        const before = await requests();
        await server.deliverSigned(account.uuid, await notification(note, 'note', ['note']));
        await server.settled();
        expect((await emulator.control.stats()).faultsInjected).toBe(injected + 1);
        expect((await requests()) - before).toBe(2);
        expect(appended.at(-1)).toMatchObject({ object: 'note', uuid: note, job_uuid: job });
      } finally {
        await emulator.control.clearFaults();
        await server.close();
      }
    },
  );
});
