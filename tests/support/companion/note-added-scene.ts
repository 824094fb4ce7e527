import { afterAll, beforeAll, expect } from 'vitest';
import type { AccountInfo, RunningEmulator } from '../../../server/emulator/contracts';
import { startEmulator } from '../../../server/emulator/start';
import { callbackKey, signCallbackToken } from '../../../server/companion/feed/index';
import type { FeedChange, FeedPage } from '../../../server/companion/feed/store/types';
import type { LogLine } from '../../../server/companion/request-log';
import { bearer, issuePasses, openStream, postJson } from './feed-client';
import { startFeedServer, type FeedServer } from './feed-server';

// The scene of a new note's two notifications (issue 18, and the shapes of issue 28): the real emulator, a
// companion with the account's callback URL and an open stream that lends it a token to read with, and the
// notifications of a new note as the platform sends them, in each shape its event notification may take.

const SCOPES = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles', 'read_schedule'];

export type Shape = 'type-data' | 'event-entry';

export interface NoteAddedScene {
  emulator: RunningEmulator;
  account: AccountInfo;
  companion: FeedServer;
  callbackUrl: string;
  officeToken: string;
  adminToken: string;
  /** Every line the companion logged. */
  logs: LogLine[];
  /** The emulator's request count: the companion's reads, since nothing else asks it anything while counting. */
  requests(): Promise<number>;
  staffOf(role: string): string[];
  /** A time of its own for every creation a test makes up, so no two are mistaken for one. */
  nextTime(): string;
  /** The feed's changes of one record. */
  changesOf(uuid: string): Promise<FeedChange[]>;
  /** A note created on a job in the emulator, as the office would. */
  newNote(): Promise<{ note: string; job: string }>;
  /** The event notification of a new note, in each shape the platform may send (FIDELITY.md, "Event notification
   * body"): as captured in production, the note itself in `data`; or the older reading, the job in the entry. */
  eventOf(shape: Shape, note: string, job: string, time: string): Record<string, unknown>;
  /** The two notifications of a new note, as the platform sends them. */
  notificationsIn(
    note: string,
    job: string,
    time?: string,
    shape?: Shape,
  ): { time: string; event: Record<string, unknown>; object: Record<string, unknown> };
  /** Posts a body to the callback URL; the answer must be 200. */
  deliver(body: unknown): Promise<{ ok: boolean; duplicate?: boolean; ignored?: string }>;
  /** The change a new note's event makes. */
  expectedChange(note: string, job: string, time: string): Record<string, unknown>;
}

/** Starts the scene before the file's tests and stops it after. */
export function useNoteAddedScene(): NoteAddedScene {
  const s = { logs: [] as LogLine[] } as NoteAddedScene;
  let stream: Awaited<ReturnType<typeof openStream>> | undefined;
  let seconds = 0;

  // Counted once the companion is quiet (its look at the subscriptions when the stream opened, its held changes).
  s.requests = async () => {
    await s.companion.settled();
    return (await s.emulator.control.stats()).requests;
  };
  s.staffOf = (role) => s.account.staff.filter((p) => p.role === role && p.active).map((p) => p.uuid);
  s.nextTime = () => {
    seconds += 10;
    return `2026-11-21 07:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  };
  s.changesOf = async (uuid) => {
    const res = await fetch(`${s.companion.url}/feed?limit=1000`, { headers: bearer(s.officeToken) });
    expect(res.status).toBe(200);
    return ((await res.json()) as FeedPage).changes.filter((c) => c.uuid === uuid);
  };
  s.newNote = async () => {
    const jobs = await s.emulator.control.listRecords(s.account.uuid, 'job');
    const job = String(jobs[Math.floor(Math.random() * jobs.length)]!.uuid);
    const note = await s.emulator.control.createRecord(s.account.uuid, 'note', {
      note: 'Gate code 4411',
      related_object: 'job',
      related_object_uuid: job,
    });
    return { note, job };
  };
  s.eventOf = (shape, note, job, time) =>
    shape === 'type-data'
      ? {
          id: `smwe_${note.replace(/-/g, '').slice(0, 24)}`,
          type: 'job.note_added',
          createdAt: time,
          data: { uuid: note, active: 1, related_object: 'job', related_object_uuid: job, note: 'Gate code 4411' },
        }
      : {
          eventName: 'job.note_added',
          object: 'job',
          entry: [{ uuid: job, time, note_uuid: note }],
          resource_url: `${s.emulator.info.base_url}/api_1.0/job/${job}.json`,
        };
  s.notificationsIn = (note, job, time = s.nextTime(), shape = 'type-data') => ({
    time,
    event: s.eventOf(shape, note, job, time),
    object: {
      object: 'note',
      entry: [{ changed_fields: ['note', 'active', 'related_object_uuid'], time, uuid: note }],
      resource_url: `${s.emulator.info.base_url}/api_1.0/note/${note}.json`,
    },
  });
  s.deliver = async (body) => {
    const res = await postJson(s.callbackUrl, body);
    expect(res.status).toBe(200);
    return (await res.json()) as { ok: boolean; duplicate?: boolean; ignored?: string };
  };
  s.expectedChange = (note, job, time) => ({
    id: expect.any(String),
    object: 'note',
    uuid: note,
    job_uuid: job,
    changed_fields: ['note'],
    time,
    resource_url: `${s.emulator.info.base_url}/api_1.0/dbonote/${note}.json`,
  });

  beforeAll(async () => {
    s.emulator = await startEmulator({ port: 0, jobs: 20, quiet: true });
    s.account = s.emulator.info.accounts[0]!;
    s.companion = await startFeedServer({
      platformBaseUrl: s.emulator.info.base_url,
      log: (line) => s.logs.push(line),
    });
    // Tokens with their passes, as the companion hands them out (an administrator's naming them: paired).
    const token = async (role: string) => {
      const staff = s.staffOf(role)[0]!;
      const { access_token } = await s.emulator.control.issueTokens(s.account.uuid, staff, SCOPES);
      await issuePasses(s.companion.config.signingSecret, { [access_token]: s.account.uuid }, [undefined, staff]);
      return access_token;
    };
    s.officeToken = await token('office');
    s.adminToken = await token('administrator');
    const key = await callbackKey(s.companion.config.signingSecret);
    s.callbackUrl = `${s.companion.url}/webhooks/${await signCallbackToken(key, s.account.uuid, 0)}`;
    // An open stream: the account never activated Fieldside, so nothing is read for it either way.
    const opened = await openStream(`${s.companion.url}/feed/stream`, s.officeToken);
    stream = opened;
    expect(opened.res.status).toBe(200);
    await opened.until(() => opened.comments.includes('connected'));
  });
  afterAll(async () => {
    stream?.close();
    await s.companion?.close();
    await s.emulator?.close();
  });
  return s;
}
