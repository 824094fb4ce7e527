// The side panel's background services for the emulator's technician, with a chosen set of scopes
// and transport (not a test file). A real platform client and outbox; no job cache, so every job
// is read from the platform.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { FetchLike } from '../../../lib/api/buffered-fetch';
import { createOutbox } from '../../../lib/outbox/outbox';
import type { WorkspaceKey } from '../../../lib/settings/workspace-key';
import { createDayService } from '../../../lib/side-panel/day-service';
import { createFieldContext } from '../../../lib/side-panel/field-context';
import { createJobDetailService } from '../../../lib/side-panel/job-detail-service';
import type { Workspace } from '../../../lib/workspace/workspace';
import type { OutboxPlatform } from '../outbox/platform';

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

export async function fieldServicesFor(platform: OutboxPlatform, scopes: string[], fetch?: FetchLike) {
  const client = await platform.technicianClient(scopes, { retryLimit: 0, ...(fetch ? { fetch } : {}) });
  const outbox = createOutbox({
    accountUuid: platform.account.uuid,
    staffUuid: platform.technician.uuid,
    indexedDB: new IDBFactory(),
  });
  const key: WorkspaceKey = {
    accountUuid: platform.account.uuid,
    staffUuid: platform.technician.uuid,
    baseUrl: platform.info.base_url,
    scopes,
    mode: 'oauth',
  };
  const workspace: Workspace = {
    key: async () => key,
    client: async () => client,
    cache: () => Promise.reject(new Error('no cache in this test')),
    sync: () => Promise.reject(new Error('no sync in this test')),
    outbox: async () => outbox,
    upsertJobs: async () => undefined,
    close: async () => undefined,
  };
  const now = await platform.control.now();
  const ctx = createFieldContext({
    workspace,
    live: { broadcast: () => undefined },
    staffName: async () => platform.technician.name,
    webApp: async () => ({ webUrl: platform.info.web_url, jobLinkPath: '/job/{uuid}' }),
    now: () => now,
  });
  return { day: createDayService(ctx), detail: createJobDetailService(ctx), now };
}
