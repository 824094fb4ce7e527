import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedChange } from '../../../server/companion/feed/store/types';
import { startEmulator, type StartedEmulator } from '../../../server/emulator/start';
import { startCompanionProcess, type CompanionProcess } from '../../support/companion/companion-process';
import { CHROME_ID, emulatorPlatformEnv, FIREFOX_ID, freePort } from '../../support/companion/env';
import { actingAs, issuePasses, jobNotification } from '../../support/companion/feed-client';
import { postNotifications, seqOf, type NotificationLoad } from '../../support/companion/notification-load';
import { startRedisServer, type RedisServer } from '../../support/companion/redis-server';
import { createResumingClient, type ResumingClient } from '../../support/companion/resuming-client';

// Several instances (issue 19): two companion processes and one redis-server against the real emulator. Both are
// configured with instance A's address as their public URL, as if A were the address the platform knows: webhooks
// arrive at A, while the extensions' change streams are held by B. Under the intake benchmark's kind of load,
// with retried deliveries reaching the other instance, each client receives each change once, in order; an
// instance killed and started again loses nothing: clients resume from their last position, and deliveries the
// platform retries while the receiving instance was down are taken once.

/** The intake benchmark's in-flight count (bench/webhooks.ts); fewer notifications than its 20,000, to keep the test short. */
const CONCURRENCY = 32;
const COUNT = 4_000;
const DELIVERED_WITHIN_MS = 45_000;

let emulator: StartedEmulator;
let redis: RedisServer;
let env: Record<string, string>;
let a: CompanionProcess;
let b: CompanionProcess;
let accountUuid: string;
let adminUuid: string;
let callbackPath: string;
let registered: { position: string; refused: unknown[]; manages_subscriptions: boolean };
let clients: ResumingClient[] = [];
/** Each client's count of changes before the current test, and where the feed stood then. */
let marks: number[] = [];
let nextSeq = 1;

const startInstance = (port: number) => startCompanionProcess({ ...env, PORT: String(port) });

async function tokenOf(staffUuid: string): Promise<string> {
  const scopes = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles', 'read_schedule'];
  const { access_token } = await emulator.control.issueTokens(accountUuid, staffUuid, scopes);
  // Its pass, naming the staff member, as a paired browser holds one (trust/pass.ts).
  await issuePasses(env.SIGNING_SECRET!, { [access_token]: accountUuid }, [undefined, staffUuid]);
  return access_token;
}

/** The load, its notifications numbered from the next unused sequence number. */
function load(opts: Partial<NotificationLoad> & Pick<NotificationLoad, 'urls' | 'count'>): NotificationLoad {
  const job = { platformBaseUrl: emulator.info.base_url, firstSeq: nextSeq, concurrency: CONCURRENCY, ...opts };
  nextSeq += job.count * (job.every ?? 1);
  return job;
}

const uuidsOf = (job: NotificationLoad): string[] =>
  Array.from({ length: job.count }, (_, i) => jobNotification('', { seq: seqOf(job, i) }).entry[0]!.uuid);

/** Since the test began, each client received exactly `expected`, each once, in feed order, with no gap. */
function expectEachClientReceivedOnce(expected: string[]): void {
  clients.forEach((client, k) => {
    const since = client.received().slice(marks[k]);
    expect(since.map((c) => c.uuid).sort()).toEqual([...expected].sort());
    expect(new Set(since.map((c) => c.id)).size).toBe(since.length);
    expect(isAscending(since)).toBe(true);
    expect(client.gaps()).toBe(0);
  });
}

/** Redis stream ids, "<ms>-<n>", strictly increasing. */
function isAscending(changes: FeedChange[]): boolean {
  const key = (id: string) => id.split('-').map(BigInt) as [bigint, bigint];
  return changes.every((c, i) => {
    if (i === 0) return true;
    const [pm, ps] = key(changes[i - 1]!.id);
    const [m, s] = key(c.id);
    return m > pm || (m === pm && s > ps);
  });
}

const untilEachHas = (n: number) =>
  Promise.all(clients.map((c, k) => c.until((all) => all.length - marks[k]! >= n, DELIVERED_WITHIN_MS)));

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, jobs: 50, quiet: true });
  redis = await startRedisServer(); // fails the file when redis-server is missing
  const account = emulator.info.accounts[0]!;
  accountUuid = account.uuid;
  adminUuid = account.staff.find((s) => s.role === 'administrator')!.uuid;
  const [portA, portB] = [await freePort(), await freePort()];
  env = {
    ...emulatorPlatformEnv(emulator.info),
    ALLOWED_EXTENSION_IDS: `${CHROME_ID},${FIREFOX_ID}`,
    SIGNING_SECRET: randomBytes(32).toString('base64url'),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${portA}`,
    REDIS_URL: redis.url,
    FEED_MAX_ENTRIES: '100000',
  };
  [a, b] = await Promise.all([startInstance(portA), startInstance(portB)]);
  const others = account.staff.filter((s) => s.uuid !== adminUuid).slice(0, 2);
  clients = await Promise.all(
    [adminUuid, ...others.map((s) => s.uuid)].map(async (staff) => createResumingClient(await tokenOf(staff))),
  );

  // An administrator's register through B: the platform verifies the callback URL at A.
  const res = await fetch(`${b.url}/feed/register`, {
    method: 'POST',
    headers: actingAs(clients[0]!.token, adminUuid),
  });
  if (res.status !== 200) throw new Error(`The register answered ${res.status}: ${await res.text()}`);
  registered = (await res.json()) as typeof registered;
  callbackPath = new URL(emulator.webhooks.subscriptions()[0]!.callback_url).pathname;
  for (const client of clients) await client.connect(b.url, registered.position);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await a?.stop();
  await b?.stop();
  await redis?.stop();
  await emulator?.close();
});

describe('two companion instances sharing one Redis', () => {
  it("registers through B, A answers the platform's challenge for a token it never issued, and an office change reaches B's streams", async () => {
    expect(registered).toMatchObject({ refused: [], manages_subscriptions: true });
    const subscriptions = emulator.webhooks.subscriptions();
    expect(subscriptions.map((s) => s.unique_id).sort()).toEqual([
      'fieldside-job',
      'fieldside-jobactivity',
      'fieldside-note',
      'fieldside-note-added',
    ]);
    expect(subscriptions.every((s) => s.active && s.callback_url === `${a.url}${callbackPath}`)).toBe(true);
    expect(callbackPath).toMatch(new RegExp(`^/webhooks/${accountUuid}\\.0\\.`));

    marks = clients.map((c) => c.received().length);
    const [job] = await emulator.control.listRecords(accountUuid, 'job');
    await emulator.control.updateRecord(accountUuid, 'job', String(job!.uuid), {
      job_description: 'Changed by the office',
    });
    await untilEachHas(1);
    for (const client of clients) expect(client.received().at(-1)).toMatchObject({ uuid: job!.uuid, object: 'job' });
  });

  it("a new note's event taken by one instance and its object notification by the other: each client receives the note once, with its job, and no note is read", async () => {
    marks = clients.map((c) => c.received().length);
    const [job] = await emulator.control.listRecords(accountUuid, 'job');
    const notes: string[] = [];
    const before = (await emulator.control.stats()).requests;
    // The object notification sent first, to the other instance: it waits there for the event of its note.
    for (const [objectAt, eventAt, time] of [
      [b, a, '2026-11-21 09:00:00'],
      [a, b, '2026-11-21 09:00:05'],
    ] as const) {
      const note = crypto.randomUUID();
      notes.push(note);
      const object = {
        object: 'note',
        entry: [{ changed_fields: ['note', 'active', 'related_object_uuid'], time, uuid: note }],
        resource_url: `${emulator.info.base_url}/api_1.0/note/${note}.json`,
      };
      const event = {
        eventName: 'job.note_added',
        object: 'job',
        entry: [{ uuid: job!.uuid, time, note_uuid: note }],
        resource_url: `${emulator.info.base_url}/api_1.0/job/${String(job!.uuid)}.json`,
      };
      const post = (at: CompanionProcess, body: unknown) =>
        fetch(`${at.url}${callbackPath}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (r) => [r.status, await r.json()]);
      const objectAnswer = post(objectAt, object);
      expect(await post(eventAt, event)).toEqual([200, { ok: true, duplicate: false }]);
      expect(await objectAnswer).toEqual([200, { ok: true, duplicate: true }]);
    }
    expect((await emulator.control.stats()).requests - before).toBe(0);
    await untilEachHas(2);
    expectEachClientReceivedOnce(notes);
    for (const client of clients)
      expect(
        client
          .received()
          .slice(-2)
          .map((c) => c.job_uuid),
      ).toEqual([job!.uuid, job!.uuid]);
  });

  it("under the intake benchmark's load at A, with a fifth of the deliveries retried at B at the same time, each client on B receives each change once, in order", async () => {
    marks = clients.map((c) => c.received().length);
    const main = load({ urls: [`${a.url}${callbackPath}`], count: COUNT });
    const retried = { ...main, urls: [`${b.url}${callbackPath}`], count: COUNT / 5, every: 5, concurrency: 8 };
    const [atA, atB] = await Promise.all([postNotifications(main), postNotifications(retried)]);
    // Each change taken exactly once, whichever instance it reached first.
    expect(atA.appended + atB.appended).toBe(COUNT);
    expect(atA.duplicates + atB.duplicates).toBe(COUNT / 5);
    await untilEachHas(COUNT);
    expectEachClientReceivedOnce(uuidsOf(main));
  });

  it('B, holding the streams, killed mid-load and started again: each client resumes from its last position, nothing lost or repeated', async () => {
    marks = clients.map((c) => c.received().length);
    let killed: Promise<void> | undefined;
    const job = load({
      urls: [`${a.url}${callbackPath}`],
      count: COUNT,
      // A quarter in, B dies with its streams open; the rest is taken by A while B is down.
      onAcknowledged: (n) => void (n === COUNT / 4 && (killed = b.stop('SIGKILL'))),
    });
    expect((await postNotifications(job)).appended).toBe(COUNT);
    await killed;
    await Promise.all(clients.map((c) => c.ended()));
    clients.forEach((c, k) => expect(c.received().length - marks[k]!).toBeLessThan(COUNT));
    b = await startInstance(b.port);
    // The extension resumes with ?after=; an EventSource would send Last-Event-ID: both are taken.
    await Promise.all(
      clients.map((c, k) => c.connect(b.url, c.position(registered.position), k === 1 ? 'last-event-id' : 'query')),
    );
    await untilEachHas(COUNT);
    expectEachClientReceivedOnce(uuidsOf(job));
  });

  it('A, taking the webhooks, killed mid-load and started again: the deliveries it missed are retried and taken once', async () => {
    marks = clients.map((c) => c.received().length);
    let restarted: Promise<void> | undefined;
    const job = load({
      urls: [`${a.url}${callbackPath}`],
      count: COUNT,
      // As the platform does, deliveries refused or unanswered are sent again until A is back.
      retryUntil: Date.now() + DELIVERED_WITHIN_MS,
      onAcknowledged: (n) =>
        void (
          n === COUNT / 4 &&
          (restarted = a.stop('SIGKILL').then(async () => {
            a = await startInstance(a.port);
          }))
        ),
    });
    const sent = await postNotifications(job);
    await restarted;
    expect(sent.retries).toBeGreaterThan(0);
    // A delivery taken just before the crash but never acknowledged comes back as a duplicate: never twice.
    expect(sent.appended + sent.duplicates).toBe(COUNT);
    await untilEachHas(COUNT);
    expectEachClientReceivedOnce(uuidsOf(job));
  });
});
