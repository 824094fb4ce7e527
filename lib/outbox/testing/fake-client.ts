// An in-memory stand-in for the platform client, for the sender's unit tests: badges are a set, and a
// create naming an existing uuid is refused (the least forgiving of the plausible platforms: the
// outbox must never need it to be taken), and it lets a test fail or hold any call. The integration
// tests use the real client and the emulator under each of its "repeated uuid" behaviours.
import { ApiError } from '../../api/errors';
import type { OutboxClient } from '../apply';
import { createFakeCustomers, missing, repeated } from './fake-customers';

export interface FakeJob {
  active: boolean;
  badges: string[];
  status?: string;
  /** Who completed it, as the platform says (a test sets it: the fake's writes name no one). */
  completedBy?: string;
}

type Op =
  | 'notes.create'
  | 'notes.get'
  | 'jobs.get'
  | 'jobs.setBadges'
  | 'jobs.updateStatus'
  | 'jobs.completion'
  | 'jobs.create'
  | 'jobs.remove'
  | 'companies.get'
  | 'companies.create'
  | 'companies.remove'
  | 'contacts.get'
  | 'contacts.create'
  | 'contacts.remove'
  | 'activities.create'
  | 'activities.get'
  | 'activities.setEnd'
  | 'attachments.create'
  | 'attachments.get'
  | 'attachments.upload'
  | 'attachments.hasFile'
  | 'texts.send';

export interface Call {
  op: Op;
  jobUuid: string;
  noteUuid?: string;
}

export function createFakeClient(jobs: Record<string, FakeJob>) {
  const notes = new Map<string, { jobUuid: string; note: string; writes: number }>();
  const activities = new Map<string, { jobUuid: string; staffUuid: string; start: string; end: string }>();
  const attachments = new Map<string, { jobUuid: string; name: string; file: Blob | null }>();
  /** Jobs made by the outbox, with what they were made with. */
  const created = new Map<string, { companyUuid: string | null; address: string; description: string }>();
  /** Texts the platform sent. */
  const texts: Array<{ to: string; message: string; jobUuid: string }> = [];
  /** Set by `loseNextTextAnswer`: the next text is sent, and its answer never comes back. */
  let loseTextAnswer = false;
  const calls: Call[] = [];
  /** Errors to throw, in order, for the next calls (undefined entries let a call through). */
  const failures: Array<unknown> = [];
  /** Set by `dieAfterNextCreate`: the platform takes the next note, its answer never comes back. */
  let dieAfterCreate = false;

  async function enter(call: Call): Promise<void> {
    calls.push(call);
    if (failures.length > 0) {
      const failure = failures.shift();
      if (failure !== undefined) throw failure;
    }
  }

  const customers = createFakeCustomers((call) => enter({ ...call, jobUuid: '' }));
  const { companies, contacts } = customers;

  function job(uuid: string): FakeJob {
    const found = jobs[uuid];
    if (!found)
      throw new ApiError('NotFoundError', `GET /api_1.0/job/${uuid}.json: 404 No job record`, { status: 404 });
    return found;
  }

  const client: OutboxClient = {
    notes: {
      async create(input) {
        await enter({ op: 'notes.create', jobUuid: input.jobUuid, ...(input.uuid ? { noteUuid: input.uuid } : {}) });
        const uuid = input.uuid ?? crypto.randomUUID();
        if (notes.has(uuid)) throw repeated('note', uuid);
        notes.set(uuid, { jobUuid: input.jobUuid, note: input.note, writes: 1 });
        if (dieAfterCreate) {
          dieAfterCreate = false;
          return new Promise<never>(() => {}); // the worker was stopped: nothing after this runs
        }
        return { uuid };
      },
      async get(uuid) {
        await enter({ op: 'notes.get', jobUuid: notes.get(uuid)?.jobUuid ?? '', noteUuid: uuid });
        const found = notes.get(uuid);
        if (!found)
          throw new ApiError('NotFoundError', `GET /api_1.0/dbonote/${uuid}.json: 404 No note record`, { status: 404 });
        return { uuid, related_object_uuid: found.jobUuid };
      },
    },
    jobs: {
      async get(uuid) {
        await enter({ op: 'jobs.get', jobUuid: uuid });
        const found = job(uuid);
        return { uuid, active: found.active, badges: [...found.badges] };
      },
      async setBadges(uuid, badgeUuids) {
        await enter({ op: 'jobs.setBadges', jobUuid: uuid });
        job(uuid).badges = [...badgeUuids];
      },
      async updateStatus(uuid, status) {
        await enter({ op: 'jobs.updateStatus', jobUuid: uuid });
        job(uuid).status = status;
      },
      async completion(uuid) {
        await enter({ op: 'jobs.completion', jobUuid: uuid });
        const found = job(uuid);
        return { status: found.status ?? 'Quote', completion_actioned_by_uuid: found.completedBy ?? null };
      },
      async create(input) {
        await enter({ op: 'jobs.create', jobUuid: input.uuid });
        if (jobs[input.uuid]) throw repeated('job', input.uuid);
        jobs[input.uuid] = { active: true, badges: [], status: 'Quote' };
        created.set(input.uuid, {
          companyUuid: input.companyUuid,
          address: input.address,
          description: input.description,
        });
        return { uuid: input.uuid };
      },
      async remove(uuid) {
        await enter({ op: 'jobs.remove', jobUuid: uuid });
        job(uuid).active = false;
      },
    },
    ...customers.api,
    jobActivities: {
      async get(uuid) {
        await enter({ op: 'activities.get', jobUuid: activities.get(uuid)?.jobUuid ?? '' });
        const found = activities.get(uuid);
        if (!found) throw missing('jobactivity', uuid);
        return { uuid, job_uuid: found.jobUuid };
      },
      async createRecorded(input) {
        await enter({ op: 'activities.create', jobUuid: input.jobUuid });
        if (activities.has(input.uuid)) throw repeated('jobactivity', input.uuid);
        activities.set(input.uuid, { ...input });
      },
      async setEnd(uuid, end) {
        const found = activities.get(uuid);
        await enter({ op: 'activities.setEnd', jobUuid: found?.jobUuid ?? '' });
        if (!found) throw missing('jobactivity', uuid);
        found.end = end;
      },
    },
    attachments: {
      async get(uuid) {
        await enter({ op: 'attachments.get', jobUuid: attachments.get(uuid)?.jobUuid ?? '' });
        const found = attachments.get(uuid);
        if (!found) throw missing('attachment', uuid);
        return { uuid, related_object_uuid: found.jobUuid };
      },
      async create(input) {
        await enter({ op: 'attachments.create', jobUuid: input.jobUuid });
        if (attachments.has(input.uuid)) throw repeated('attachment', input.uuid);
        attachments.set(input.uuid, { jobUuid: input.jobUuid, name: input.name, file: null });
      },
      async upload(uuid, data) {
        const found = attachments.get(uuid);
        await enter({ op: 'attachments.upload', jobUuid: found?.jobUuid ?? '' });
        if (!found) throw missing('attachment', uuid);
        // The least forgiving of the plausible platforms: a second upload is refused.
        if (found.file)
          throw new ApiError('ValidationError', `400 Attachment ${uuid} already has a file`, { status: 400 });
        found.file = data;
      },
      async hasFile(uuid) {
        await enter({ op: 'attachments.hasFile', jobUuid: attachments.get(uuid)?.jobUuid ?? '' });
        return attachments.get(uuid)?.file != null;
      },
    },
    texts: {
      async send(input) {
        await enter({ op: 'texts.send', jobUuid: input.jobUuid });
        texts.push(input);
        if (loseTextAnswer) {
          loseTextAnswer = false;
          throw new ApiError('NetworkError', 'POST /platform_service_sms: the connection closed', { status: null });
        }
      },
    },
  };

  return {
    client,
    notes,
    activities,
    attachments,
    companies,
    contacts,
    created,
    texts,
    calls,
    jobs,
    failNext: (...errors: unknown[]) => failures.push(...errors),
    loseNextTextAnswer: () => {
      loseTextAnswer = true;
    },
    /** The next note reaches the platform, and the worker that sent it is stopped before the answer. */
    dieAfterNextCreate: () => {
      dieAfterCreate = true;
    },
  };
}

export { createManualTimers } from './manual-timers';
import { toUuid } from '../../../contracts/uuid';

export const JOB_A = toUuid('0b9f3c8e-0000-4000-8000-00000000000a');
export const JOB_B = toUuid('0b9f3c8e-0000-4000-8000-00000000000b');
export const JOB_GONE = '0b9f3c8e-0000-4000-8000-00000000000d';
export const BADGE_VIP = '5a1d0000-0000-4000-8000-000000000001';
export const BADGE_WARRANTY = '5a1d0000-0000-4000-8000-000000000002';
