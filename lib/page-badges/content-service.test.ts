import { describe, expect, it } from 'vitest';
import { networkError } from '../api/errors';
import type { PlatformClient } from '../api/client';
import type { Note } from '../api/schemas';
import { freshCache, makeCompany, makeJob, uuidOf } from '../cache/testing/fixtures';
import type { NoteView } from '../messaging/views';
import { createOutbox } from '../outbox';
import type { Workspace } from '../workspace/workspace';
import { createContentService } from './content-service';
import type { WorkspaceKey } from '../settings/workspace-key';

// The content service over a real cache and outbox (fake-indexeddb) and a stand-in platform client.

const BADGE = '22222222-0000-4000-8000-000000000001';
let accounts = 0;

function note(n: number, jobUuid: string, createDate: string, text = `note ${n}`): Note {
  return {
    uuid: `33333333-0000-4000-8000-${String(n).padStart(12, '0')}`,
    active: true,
    edit_date: createDate,
    create_date: createDate,
    related_object: 'job',
    related_object_uuid: jobUuid,
    note: text,
    action_required: false,
    action_completed_by_staff_uuid: null,
    edit_by_staff_uuid: null,
  };
}

async function setup(options: { scopes?: string[]; offline?: boolean; notes?: Note[] } = {}) {
  const cache = await freshCache();
  await cache.write({
    jobs: [makeJob(1, { badges: [BADGE] }), makeJob(2, { status: 'Completed' }), makeJob(3, { active: false })],
    companies: [makeCompany(1), makeCompany(2)],
  });
  const scope: WorkspaceKey = {
    accountUuid: `acc-${++accounts}`,
    staffUuid: 'staff-1',
    baseUrl: 'http://127.0.0.1:1',
    scopes: options.scopes ?? ['read_jobs', 'read_job_notes', 'publish_job_notes', 'manage_badges'],
    mode: 'oauth',
  };
  const outbox = createOutbox({ accountUuid: scope.accountUuid, staffUuid: scope.staffUuid });
  let badgeReads = 0;
  const fail = () => Promise.reject(networkError('offline', { request: 'GET' }));
  const client = {
    notes: { ofJob: async () => (options.offline ? fail() : { records: options.notes ?? [], skipped: [] }) },
    badges: {
      list: async () => {
        badgeReads++;
        return { records: [{ uuid: BADGE, active: true, edit_date: null, name: 'Urgent', automatically_allocated: false, file_name: '' }], skipped: [] };
      },
    },
  } as unknown as PlatformClient;
  const workspace = {
    key: async () => scope,
    cache: async () => cache,
    outbox: async () => outbox,
    client: async () => client,
  } as unknown as Workspace;
  const added: Array<{ jobUuid: string; text: string }> = [];
  const service = createContentService({
    workspace,
    addNote: async (jobUuid, text): Promise<NoteView> => {
      added.push({ jobUuid, text });
      const entry = await outbox.enqueue({ kind: 'note', jobUuid, payload: { note: text } });
      return { uuid: entry.clientUuid, text, createdAt: null, author: null, state: 'pending', problem: null };
    },
  });
  return { service, outbox, added, badgeReads: () => badgeReads };
}

describe('content.jobs', () => {
  it('answers the cached jobs asked for by uuid or number, with customer, badge names and pending writes', async () => {
    const { service, outbox, badgeReads } = await setup();
    await outbox.enqueue({ kind: 'note', jobUuid: uuidOf('job', 1), payload: { note: 'waiting' } });
    const jobs = await service.jobs({ uuids: [uuidOf('job', 1).toUpperCase(), uuidOf('job', 3), uuidOf('job', 99)], numbers: ['1002', '#1001'] });
    expect(jobs).toEqual([
      expect.objectContaining({ uuid: uuidOf('job', 1), number: '1001', status: 'Work Order', customer: 'Customer 1', badges: ['Urgent'], pending: 1 }),
      expect.objectContaining({ uuid: uuidOf('job', 2), number: '1002', status: 'Completed', customer: 'Customer 2', badges: [], pending: 0 }),
    ]);
    // Badge names are read once, not per request.
    await service.jobs({ uuids: [uuidOf('job', 1)], numbers: [] });
    expect(badgeReads()).toBe(1);
  });

  it('leaves badge names out when the scopes do not allow reading them', async () => {
    const { service, badgeReads } = await setup({ scopes: ['read_jobs'] });
    const [job] = await service.jobs({ uuids: [uuidOf('job', 1)], numbers: [] });
    expect(job?.badges).toEqual([]);
    expect(badgeReads()).toBe(0);
  });
});

describe('content.notes and content.addNote', () => {
  it('lists the latest notes newest first, with the outbox\'s pending notes on top', async () => {
    const job = uuidOf('job', 1);
    const notes = Array.from({ length: 14 }, (_, i) => note(i, job, `2026-01-${String(i + 1).padStart(2, '0')} 10:00:00`));
    const { service } = await setup({ notes });
    const added = await service.addNote(job.toUpperCase(), 'from the page');
    expect(added.state).toBe('pending');
    const answer = await service.notes(job);
    expect(answer.canAddNote).toBe(true);
    expect(answer.notes[0]).toMatchObject({ text: 'from the page', state: 'pending' });
    expect(answer.notes.slice(1).map((n) => n.text)).toEqual(Array.from({ length: 10 }, (_, i) => `note ${13 - i}`));
  });

  it('answers from the outbox when the platform cannot be reached, and says when notes may not be added', async () => {
    const job = uuidOf('job', 2);
    const offline = await setup({ offline: true });
    await offline.service.addNote(job, 'written offline');
    expect((await offline.service.notes(job)).notes.map((n) => [n.text, n.state])).toEqual([['written offline', 'pending']]);
    expect(offline.added).toEqual([{ jobUuid: job, text: 'written offline' }]);

    const readOnly = await setup({ scopes: ['read_jobs', 'read_job_notes'] });
    expect((await readOnly.service.notes(job)).canAddNote).toBe(false);
  });
});
