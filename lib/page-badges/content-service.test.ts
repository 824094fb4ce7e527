import { toUuid, UuidSchema, type Uuid } from '../../contracts/uuid';
import { describe, expect, it } from 'vitest';
import { networkError } from '../api/errors';
import type { PlatformClient } from '../api/client';
import type { Note } from '../api/schemas';
import { freshCache, makeCompany, makeJob, uuidOf } from '../cache/testing/fixtures';
import type { NoteView } from '../messaging/job-views';
import { createOutbox } from '../outbox';
import type { Workspace } from '../workspace/workspace';
import { createContentService } from './content-service';
import { createPageGrants, GRANT_LIMITS } from './page-grants';
import type { ContentPage } from '../messaging/sender';
import type { PageGrants } from '../settings/schemas';
import type { WorkspaceKey } from '../settings/workspace-key';

// The content service over a real cache and outbox (fake-indexeddb), the page grants over a plain
// store, and a stand-in platform client. Each content script is answered for its own page only.

const platformPage: ContentPage = { kind: 'platform', key: '7:0:doc-a', tabId: 7, origin: 'https://go.example' };
const otherPage: ContentPage = { kind: 'platform', key: '8:0:doc-b', tabId: 8, origin: 'https://go.example' };
const sitePage: ContentPage = { kind: 'site', key: '9:0:doc-c', tabId: 9, origin: 'https://mail.example' };

const BADGE = '22222222-0000-4000-8000-000000000001';
let accounts = 0;

function note(n: number, jobUuid: Uuid, createDate: string, text = `note ${n}`): Note {
  return {
    uuid: toUuid(`33333333-0000-4000-8000-${String(n).padStart(12, '0')}`),
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

interface SetupOptions {
  scopes?: string[];
  offline?: boolean;
  notes?: Note[];
  siteCap?: number;
  /** No workspace yet: signed out (`false`), or signed in before "who are you" (`true`). */
  noWorkspace?: { signedIn: boolean };
}

async function setup(options: SetupOptions = {}) {
  const cache = await freshCache();
  await cache.write({
    jobs: [
      makeJob(1, { badges: [BADGE] }),
      makeJob(2, { status: 'Completed' }),
      makeJob(3, { active: false }),
      ...Array.from({ length: 20 }, (_, i) => makeJob(10 + i)),
    ],
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
        return {
          records: [
            {
              uuid: BADGE,
              active: true,
              edit_date: null,
              name: 'Urgent',
              automatically_allocated: false,
              file_name: '',
            },
          ],
          skipped: [],
        };
      },
    },
  } as unknown as PlatformClient;
  const workspace = {
    key: async () => (options.noWorkspace ? null : scope),
    cache: async () => cache,
    outbox: async () => outbox,
    client: async () => client,
  } as unknown as Workspace;
  const added: Array<{ jobUuid: string; text: string }> = [];
  let stored: PageGrants = { pages: {}, sites: {} };
  const grants = createPageGrants(
    { get: async () => structuredClone(stored), set: async (next) => void (stored = structuredClone(next)) },
    { limits: { ...GRANT_LIMITS, perPage: { platform: 2_000, site: options.siteCap ?? 200 } } },
  );
  const service = createContentService({
    workspace,
    grants,
    signedIn: async () => options.noWorkspace?.signedIn ?? true,
    addNote: async (jobUuid, text): Promise<NoteView> => {
      added.push({ jobUuid, text });
      const entry = await outbox.enqueue({ kind: 'note', jobUuid, payload: { note: text } });
      return { uuid: entry.clientUuid, text, createdAt: null, author: null, state: 'pending', problem: null };
    },
  });
  return { service, outbox, added, badgeReads: () => badgeReads };
}

describe('content.jobs', () => {
  it("answers the page's reported numbers with what a badge shows: status, badge names, pending writes", async () => {
    const { service, outbox, badgeReads } = await setup();
    await outbox.enqueue({ kind: 'note', jobUuid: uuidOf('job', 1), payload: { note: 'waiting' } });
    const { jobs, signedIn } = await service.jobs({ uuids: [], numbers: ['1002', '#1001', '99999'] }, platformPage);
    expect(signedIn).toBe(true);
    expect(jobs).toEqual([
      { uuid: uuidOf('job', 2), number: '1002', status: 'Completed', badges: [], pending: 0 },
      { uuid: uuidOf('job', 1), number: '1001', status: 'Work Order', badges: ['Urgent'], pending: 1 },
    ]);
    // No customer and no address: a badge does not show them, and the page is not Fieldside's.
    expect(jobs.every((job) => !('customer' in job) && !('address' in job))).toBe(true);
    // Badge names are read once, not per request; a re-read by uuid of a job it showed is answered.
    expect((await service.jobs({ uuids: [uuidOf('job', 1)], numbers: [] }, platformPage)).jobs).toHaveLength(1);
    expect(badgeReads()).toBe(1);
  });

  it('with no workspace, says whether nobody is signed in or "who are you" is not answered yet', async () => {
    const signedOut = await setup({ noWorkspace: { signedIn: false } });
    expect(await signedOut.service.jobs({ uuids: [], numbers: ['1001'] }, platformPage)).toEqual({
      jobs: [],
      signedIn: false,
    });
    const whoFirst = await setup({ noWorkspace: { signedIn: true } });
    expect(await whoFirst.service.jobs({ uuids: [], numbers: ['1001'] }, platformPage)).toEqual({
      jobs: [],
      signedIn: true,
      whoFirst: true,
    });
  });

  it('answers nothing about a job the page did not report, however it asks', async () => {
    const { service } = await setup();
    await service.jobs({ uuids: [], numbers: ['1001'] }, platformPage);
    // By uuid, for a job another page showed or nobody did: nothing.
    const none = { jobs: [], signedIn: true };
    expect(await service.jobs({ uuids: [uuidOf('job', 1), uuidOf('job', 2)], numbers: [] }, otherPage)).toEqual(none);
    expect(await service.jobs({ uuids: [uuidOf('job', 2)], numbers: [] }, platformPage)).toEqual(none);
    // Fieldside's own pages (no content page) may ask for any job.
    expect((await service.jobs({ uuids: [uuidOf('job', 2)], numbers: [] })).jobs).toHaveLength(1);
  });

  it('caps how many numbers one page may ask about; numbers it asked before stay answered', async () => {
    const { service } = await setup({ siteCap: 5 });
    const numbers = Array.from({ length: 20 }, (_, i) => String(1010 + i));
    const first = await service.jobs({ uuids: [], numbers }, sitePage);
    expect(first.jobs.map((j) => j.number)).toEqual(numbers.slice(0, 5));
    // Asked again, in another order and with more: the same five, no more.
    const again = await service.jobs({ uuids: [], numbers: [...numbers].reverse() }, sitePage);
    expect(again.jobs.map((j) => j.number).sort()).toEqual(numbers.slice(0, 5));
    // The web app's pages have their own, larger cap.
    expect((await service.jobs({ uuids: [], numbers }, platformPage)).jobs).toHaveLength(20);
  });

  it('shows an added site the status only: no badge names, no pending count', async () => {
    const { service, outbox, badgeReads } = await setup();
    await outbox.enqueue({ kind: 'note', jobUuid: uuidOf('job', 1), payload: { note: 'waiting' } });
    expect((await service.jobs({ uuids: [], numbers: ['1001'] }, sitePage)).jobs).toEqual([
      { uuid: uuidOf('job', 1), number: '1001', status: 'Work Order', badges: [], pending: 0 },
    ]);
    expect(badgeReads()).toBe(0);
  });

  it('leaves badge names out when the scopes do not allow reading them', async () => {
    const { service, badgeReads } = await setup({ scopes: ['read_jobs'] });
    const {
      jobs: [job],
    } = await service.jobs({ uuids: [], numbers: ['1001'] }, platformPage);
    expect(job?.badges).toEqual([]);
    expect(badgeReads()).toBe(0);
  });
});

/** The quick-note frame of the panel opened on `page` (its own key, in the page's tab). */
const frameOf = (page: ContentPage, frameId = 5) => ({ key: `${page.tabId}:${frameId}:frame-doc`, tabId: page.tabId });

describe('the quick-note panel: a ticket for its frame', () => {
  it("lists the latest notes newest first, with the outbox's pending notes on top, and the customer", async () => {
    const job = uuidOf('job', 1);
    const notes = Array.from({ length: 14 }, (_, i) =>
      note(i, job, `2026-01-${String(i + 1).padStart(2, '0')} 10:00:00`),
    );
    const { service } = await setup({ notes });
    await service.jobs({ uuids: [], numbers: ['1001'] }, platformPage);
    // A page may write the uuid in capitals: the message's UuidSchema (content-protocol.ts) lower-cases it.
    const { ticket } = await service.openNotes(UuidSchema.parse(job.toUpperCase()), platformPage);
    const frame = frameOf(platformPage);
    expect(await service.panelJob(ticket, frame)).toMatchObject({ uuid: job, number: '1001', badges: ['Urgent'] });
    const added = await service.panelAdd(ticket, 'from the panel', frame);
    expect(added.state).toBe('pending');
    const answer = await service.panelNotes(ticket, frame);
    expect(answer.canAddNote).toBe(true);
    expect(answer.notesRead).toBe(true);
    expect(answer.customer).toBe('Customer 1');
    expect(answer.notes[0]).toMatchObject({ text: 'from the panel', state: 'pending' });
    expect(answer.notes.slice(1).map((n) => n.text)).toEqual(Array.from({ length: 10 }, (_, i) => `note ${13 - i}`));
  });

  it('gives no ticket for a job whose badge is not on the page', async () => {
    const { service } = await setup();
    await service.jobs({ uuids: [], numbers: ['1001'] }, platformPage);
    await expect(service.openNotes(uuidOf('job', 2), platformPage)).rejects.toMatchObject({
      name: 'NotOnThisPageError',
    });
    // Shown on one page is not shown on another.
    await expect(service.openNotes(uuidOf('job', 1), otherPage)).rejects.toMatchObject({ name: 'NotOnThisPageError' });
  });

  it('answers only the frame that showed the ticket first, in its tab; nothing without a ticket', async () => {
    const job = uuidOf('job', 1);
    const { service, added } = await setup();
    await service.jobs({ uuids: [], numbers: ['1001'] }, sitePage);
    const { ticket } = await service.openNotes(job, sitePage);
    const closed = { name: 'PanelClosedError' };
    // A frame in another tab (a page that framed quick-note.html and somehow had the ticket) gets nothing,
    // and does not spend it.
    await expect(service.panelJob(ticket, { key: '4:1:x', tabId: 4 })).rejects.toMatchObject(closed);
    const frame = frameOf(sitePage);
    expect((await service.panelJob(ticket, frame)).uuid).toBe(job);
    // The ticket is this frame's now: another frame of the same tab gets nothing.
    const another = frameOf(sitePage, 6);
    await expect(service.panelNotes(ticket, another)).rejects.toMatchObject(closed);
    await expect(service.panelAdd(ticket, 'planted', another)).rejects.toMatchObject(closed);
    await expect(service.panelAdd('A'.repeat(43), 'planted', frame)).rejects.toMatchObject(closed);
    await service.panelAdd(ticket, 'from the person', frame);
    expect(added).toEqual([{ jobUuid: job, text: 'from the person' }]);
  });

  it('answers from the outbox when the platform cannot be reached, and says when notes may not be added', async () => {
    const job = uuidOf('job', 2);
    const offline = await setup({ offline: true });
    await offline.service.jobs({ uuids: [], numbers: ['1002'] }, platformPage);
    const { ticket } = await offline.service.openNotes(job, platformPage);
    const frame = frameOf(platformPage);
    await offline.service.panelAdd(ticket, 'written offline', frame);
    const answer = await offline.service.panelNotes(ticket, frame);
    expect(answer.notes.map((n) => [n.text, n.state])).toEqual([['written offline', 'pending']]);
    // The platform's notes were not read: the panel must not say there are none.
    expect(answer.notesRead).toBe(false);
    expect(offline.added).toEqual([{ jobUuid: job, text: 'written offline' }]);

    const readOnly = await setup({ scopes: ['read_jobs', 'read_job_notes'] });
    await readOnly.service.jobs({ uuids: [], numbers: ['1002'] }, platformPage);
    const opened = await readOnly.service.openNotes(job, platformPage);
    expect((await readOnly.service.panelNotes(opened.ticket, frameOf(platformPage))).canAddNote).toBe(false);
  });
});
