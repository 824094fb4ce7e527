// The side panel's background services for one technician against the real emulator (not a test file): a real
// client and outbox, a fetch that can be cut (`network.online`), no job cache (reads go to the platform).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { FetchLike } from '../../../lib/api/buffered-fetch';
import type { Job } from '../../../lib/api/schemas';
import type { LiveEvent } from '../../../lib/messaging/views';
import { createOutbox, type Outbox } from '../../../lib/outbox/outbox';
import type { Workspace } from '../../../lib/workspace/workspace';
import { createDayService } from '../../../lib/side-panel/day-service';
import { createFieldContext } from '../../../lib/side-panel/field-context';
import { createOutboxWrites } from '../../../lib/outbox/writes';
import { createJobDetailService } from '../../../lib/side-panel/job-detail-service';
import { createOutboxRunner } from '../../../lib/outbox/runner';
import { createFileStore } from '../../../lib/outbox/files';
import { createVisitActions } from '../../../lib/side-panel/visit-actions';
import type { OutboxPlatform } from '../outbox/platform';
import type { WorkspaceKey } from '../../../lib/settings/workspace-key';

/** Every scope "My day" and the job detail read with, nothing else. */
export const DAY_SCOPES = [
  'vendor',
  'read_staff',
  'read_schedule',
  'read_jobs',
  'read_customers',
  'read_customer_contacts',
  'read_job_contacts',
];

/** What the technician's actions need on top: notes, badges, the job's status. */
export const SCOPES = [...DAY_SCOPES, 'read_job_notes', 'publish_job_notes', 'manage_badges', 'manage_jobs'];

/** Whether the technician's requests reach the platform. */
export const network = { online: true };
const switchable: FetchLike = (input, init) =>
  network.online ? globalThis.fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'));

/** The background's pieces for one technician: a real client and outbox; no job cache (reads go to the platform).
 * `fetch`: the technician's network (by default one `network.online` can cut). */
export async function fieldFor(platform: OutboxPlatform, scopes: string[] = SCOPES, fetch: FetchLike = switchable) {
  const client = await platform.technicianClient(scopes, { fetch, retryLimit: 0 });
  const outbox: Outbox = createOutbox({
    accountUuid: platform.account.uuid,
    staffUuid: platform.technician.uuid,
    indexedDB: new IDBFactory(),
  });
  const scope: WorkspaceKey = {
    accountUuid: platform.account.uuid,
    staffUuid: platform.technician.uuid,
    baseUrl: platform.info.base_url,
    scopes,
    mode: 'oauth',
  };
  const upserted: Job[] = [];
  const events: LiveEvent[] = [];
  const workspace: Workspace = {
    key: async () => scope,
    client: async () => client,
    cache: () => Promise.reject(new Error('no cache in this test')),
    sync: () => Promise.reject(new Error('no sync in this test')),
    outbox: async () => outbox,
    upsertJobs: async (jobs) => void upserted.push(...jobs),
    close: async () => undefined,
  };
  const live = { broadcast: (e: LiveEvent) => void events.push(e) };
  const now = await platform.control.now();
  const ctx = createFieldContext({
    workspace,
    live,
    staffName: async () => platform.technician.name,
    webApp: async () => ({ webUrl: platform.info.web_url, jobLinkPath: '/job/{uuid}' }),
    now: () => now,
  });
  const files = createFileStore(new IDBFactory());
  const runner = createOutboxRunner({
    workspace: workspace,
    files,
    live,
    alarm: { set: () => undefined, clear: () => undefined },
    settleMs: 10,
  });
  return {
    ctx,
    runner,
    outbox,
    upserted,
    events,
    day: createDayService(ctx),
    detail: createJobDetailService(ctx),
    files,
    actions: createVisitActions({ ctx, runner, files }),
    writes: createOutboxWrites({ outbox: () => workspace.outbox(), author: ctx.staffName }, runner),
    now,
  };
}
