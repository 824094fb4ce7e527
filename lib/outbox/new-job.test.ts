// A new job through the outbox: stored first, sent once (its new customer first), whatever answer is lost on the
// way; the fake platform refuses every repeated create, the least forgiving of the plausible ones.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import type { TokenView } from './apply';
import { createOutbox } from './outbox';
import type { EnqueueInput } from './types';
import { createOutboxSender } from './sender';
import { createFakeClient, createManualTimers } from './testing/fake-client';

const ACCOUNT = 'acc00000-0000-4000-8000-000000000001';
const STAFF = '5aff0000-0000-4000-8000-000000000007';
const NEW_JOB = '10b00000-0000-4000-8000-000000000001';
const SECOND_JOB = '10b00000-0000-4000-8000-000000000002';
const NEW_CUSTOMER = 'c0000000-0000-4000-8000-000000000001';
const KNOWN_CUSTOMER = 'c0000000-0000-4000-8000-0000000000aa';
const NEW_CONTACT = 'cc000000-0000-4000-8000-000000000001';

function setup(options: { tokenView?: TokenView } = {}) {
  const fake = createFakeClient({});
  const outbox = createOutbox({ accountUuid: ACCOUNT, staffUuid: STAFF, indexedDB: new IDBFactory() });
  const sender = () =>
    createOutboxSender({
      outbox,
      client: fake.client,
      setTimer: createManualTimers().setTimer,
      random: () => 0,
      ...options,
    });
  /** The new job, with its customer (null: none), saved as the form saves it. */
  const enqueue = (company: Extract<EnqueueInput, { kind: 'job-create' }>['payload']['company']) =>
    outbox.enqueue({ kind: 'job-create', jobUuid: NEW_JOB, clientUuid: NEW_JOB, payload: { ...payload, company } });
  return { fake, outbox, sender, enqueue };
}

const lost = () => new ApiError('NetworkError', 'no answer from the platform (the connection dropped)');
const payload = {
  description: 'Leaking tap in the upstairs bathroom',
  address: '14 Quillfeather Lane, Brunswick VIC 3056',
};

describe('a new job through the outbox', () => {
  it('makes the job with its customer, address and description, once', async () => {
    const t = setup();
    await t.enqueue({ uuid: KNOWN_CUSTOMER, name: 'Smith Plumbing', isNew: false });
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect([...t.fake.created]).toEqual([[NEW_JOB, { companyUuid: KNOWN_CUSTOMER, ...payload }]]);
    expect(t.fake.calls.map((c) => c.op)).toEqual(['jobs.create']);
  });

  it('a new customer is made first; a create whose answer was lost is read back at once, never sent twice', async () => {
    const t = setup();
    await t.enqueue({ uuid: NEW_CUSTOMER, name: 'Priya Quennell', isNew: true });
    const { jobs, companies } = t.fake.client;
    const createJob = jobs.create;
    const createCompany = companies.create;
    // The platform makes each record, and each answer is lost on the way back.
    companies.create = async (input) => {
      await createCompany(input);
      throw lost();
    };
    jobs.create = async (input) => {
      await createJob(input);
      throw lost();
    };
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect([...t.fake.companies]).toEqual([[NEW_CUSTOMER, { name: 'Priya Quennell' }]]);
    expect([...t.fake.created]).toEqual([[NEW_JOB, { companyUuid: NEW_CUSTOMER, ...payload }]]);
    expect(t.fake.calls.map((c) => c.op)).toEqual(['companies.create', 'companies.get', 'jobs.create', 'jobs.get']);
  });

  it('a new customer’s contact is made after them and before the job, once, though its answer was lost', async () => {
    const t = setup();
    const contact = {
      uuid: NEW_CONTACT,
      first: 'Priya',
      last: 'Quennell',
      phone: '',
      mobile: '0491 570 156',
      email: 'priya@harbourview.example',
    };
    await t.enqueue({ uuid: NEW_CUSTOMER, name: 'Priya Quennell', isNew: true, contact });
    const { companyContacts } = t.fake.client;
    const createContact = companyContacts.create;
    companyContacts.create = async (input) => {
      await createContact(input);
      throw lost();
    };
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    const { uuid: _uuid, ...kept } = contact;
    expect([...t.fake.contacts]).toEqual([[NEW_CONTACT, { companyUuid: NEW_CUSTOMER, ...kept }]]);
    expect(t.fake.calls.map((c) => c.op)).toEqual([
      'companies.create',
      'contacts.create',
      'contacts.get',
      'jobs.create',
    ]);
  });

  it('a known customer is given no contact, whatever the entry says', async () => {
    const t = setup();
    const contact = { uuid: NEW_CONTACT, first: 'Jane', last: '', phone: '', mobile: '', email: 'jane@smith.test' };
    await t.enqueue({ uuid: KNOWN_CUSTOMER, name: 'Smith Plumbing', isNew: false, contact });
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(t.fake.contacts.size).toBe(0);
  });

  it('a create that failed with nothing made is sent again on the next pass, and once', async () => {
    const t = setup();
    await t.enqueue(null);
    t.fake.failNext(lost()); // the connection dropped before the platform did anything
    expect(await t.sender().flush()).toEqual({ sent: 0, rescheduled: 1, failed: 0 });
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(t.fake.created.size).toBe(1);
    expect(t.fake.calls.map((c) => c.op)).toEqual(['jobs.create', 'jobs.get', 'jobs.get', 'jobs.create']);
  });

  it('says what it needs when the platform refuses it for a missing permission, and keeps it', async () => {
    const t = setup();
    await t.enqueue(null);
    t.fake.failNext(
      new ApiError('MissingScopeError', 'POST /api_1.0/job.json: 403 needs create_jobs', { status: 403 }),
    );
    expect(await t.sender().flush()).toEqual({ sent: 0, rescheduled: 0, failed: 1 });
    const [kept] = await t.outbox.pending();
    expect(kept?.state).toBe('failed-permanent');
    expect(kept?.lastError).toMatchObject({ code: 'missing-scope' });
    expect(kept?.lastError?.message).toMatch(/new job/);
    expect(kept?.payload).toMatchObject(payload);
  });

  it('deletes at once a second job the platform made of a create the browser resent, and keeps ours', async () => {
    const t = setup();
    await t.enqueue(null);
    const { jobs } = t.fake.client;
    const createJob = jobs.create;
    // The platform made ours, then took the browser's resend as a second job and answered its uuid.
    jobs.create = async (input) => {
      await createJob(input);
      await createJob({ ...input, uuid: SECOND_JOB });
      return { uuid: SECOND_JOB };
    };
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(t.fake.calls.map((c) => [c.op, c.jobUuid])).toEqual([
      ['jobs.create', NEW_JOB],
      ['jobs.create', SECOND_JOB],
      ['jobs.get', NEW_JOB],
      ['jobs.remove', SECOND_JOB],
    ]);
  });

  it('leaves the answered job alone when ours cannot be seen: it may be the only one', async () => {
    const t = setup();
    await t.enqueue(null);
    const { jobs } = t.fake.client;
    const createJob = jobs.create;
    jobs.create = async (input) => {
      await createJob({ ...input, uuid: SECOND_JOB });
      return { uuid: SECOND_JOB };
    };
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(t.fake.calls.map((c) => c.op)).not.toContain('jobs.remove');
  });

  it('finds a job the person in view may not see in the token’s own view, and does not make it again', async () => {
    const platform = createFakeClient({});
    const t = setup({ tokenView: platform.client });
    await t.enqueue(null);
    // The platform made the job (the token sees it; the technician in view does not) and the answer was lost.
    t.fake.client.jobs.create = async (input) => {
      await platform.client.jobs.create(input);
      throw lost();
    };
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(t.fake.calls.map((c) => c.op)).toEqual(['jobs.get']);
    expect(platform.calls.map((c) => c.op)).toEqual(['jobs.create', 'jobs.get']);
    expect(platform.created.size).toBe(1);
  });

  it('takes the platform’s "already exists" as its word that it holds the job', async () => {
    const t = setup();
    await t.enqueue(null);
    t.fake.failNext(
      new ApiError('ValidationError', `POST /api_1.0/job.json: 400 A job record with uuid ${NEW_JOB} already exists`, {
        status: 400,
      }),
    );
    expect(await t.sender().flush()).toEqual({ sent: 1, rescheduled: 0, failed: 0 });
    expect(t.fake.calls.map((c) => c.op)).toEqual(['jobs.create']);
  });
});
