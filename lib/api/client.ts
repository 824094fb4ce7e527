// The platform client: typed operations over http.ts for what Fieldside uses. One client per
// connection (platform URLs + API key or OAuth tokens + optional impersonated staff member).
import { ApiError } from './errors';
import { and, eq } from './filter';
import { isAllocationOf, isContactOfJob, isNoteOfJob, isOfJob, keepMatching } from './filter-checks';
import { createHttp, type HttpOptions } from './http';
import { parseJob } from './job-fast-parse';
import {
  badgeRecord,
  categoryRecord,
  jobAllocationRecord,
  jobCompletionRecord,
  jobContactRecord,
  jobRecord,
  noteRecord,
  securityRoleRecord,
  staffRecord,
  vendorRecord,
  type JobStatus,
} from './schemas';
import { createAttachmentsApi } from './attachments';
import { createJobActivitiesApi } from './job-activities';
import { answeredUuid, API, createRecordAccess, type CallOptions, type PageOptions } from './record-access';
import { createCompaniesApi, createCompanyContactsApi } from './customers';
import { createWebhookSubscriptionsApi } from './webhook-subscriptions';
import { createTextsApi } from './texts';
import type { Uuid } from '../../contracts/uuid';

export type PlatformClientOptions = HttpOptions;
/** Kept here too: the sync and its tests name a read's options as the client's. */
export type { CallOptions, PageOptions } from './record-access';

export interface NewNote {
  /** Client-chosen uuid: a retried or replayed create then cannot duplicate the note. */
  uuid?: string;
  jobUuid: string;
  note: string;
  actionRequired?: boolean;
}

/** A new job (a Quote, as the office starts one); its uuid is client-chosen, read back before a retried create. */
export interface NewJob {
  uuid: Uuid;
  companyUuid: string | null;
  address: string;
  description: string;
}

export function createPlatformClient(options: PlatformClientOptions) {
  const http = createHttp(options);
  const access = createRecordAccess(http);
  const { all, getOne, pages, remove, update } = access;

  return {
    jobs: {
      pages: (opts?: PageOptions) => pages('job', { ...jobRecord, parse: parseJob }, opts),
      get: (uuid: string, opts?: CallOptions) => getOne('job', jobRecord, uuid, opts),
      updateStatus: (uuid: string, status: JobStatus, opts?: CallOptions) => update('job', uuid, { status }, opts),
      /** The job's status and who completed it, read live (the cache keeps neither who nor when). */
      completion: (uuid: string, opts?: CallOptions) => getOne('job', jobCompletionRecord, uuid, opts),
      /** Creates a job (scope `create_jobs`, which may cost the account); the uuid the platform answered, which is
       * not the one sent when it took a repeated create as a second job. */
      async create(input: NewJob, opts: CallOptions = {}): Promise<{ uuid: Uuid }> {
        const answer = await http.send({
          method: 'POST',
          path: `${API}/job.json`,
          json: {
            uuid: input.uuid,
            status: 'Quote',
            ...(input.companyUuid ? { company_uuid: input.companyUuid } : {}),
            job_address: input.address,
            job_description: input.description,
          },
          createsRecord: true,
          ...opts,
        });
        return { uuid: answeredUuid(answer, input.uuid) };
      },
      /** Deletes a job (scope `manage_jobs`): the platform only sets `active` to 0. */
      remove: (uuid: string, opts?: CallOptions) => remove('job', uuid, opts),
      /** Replaces the job's badges; the platform takes them as a JSON array in a string. */
      setBadges: (uuid: string, badgeUuids: readonly string[], opts?: CallOptions) =>
        update('job', uuid, { badges: JSON.stringify(badgeUuids) }, opts),
    },
    companies: createCompaniesApi(http, access),
    // Filtered reads answer only what their filter asked for, checked again here (filter-checks.ts).
    companyContacts: createCompanyContactsApi(http, access),
    jobContacts: {
      /** Every job contact (the customer index), page by page. */
      pages: (opts?: PageOptions) => pages('jobcontact', jobContactRecord, opts),
      /** The on-site contacts of one job. */
      ofJob: async (jobUuid: string, opts: CallOptions = {}) =>
        keepMatching(
          await all('jobcontact', jobContactRecord, { ...opts, filter: [eq('job_uuid', jobUuid)] }),
          isContactOfJob(jobUuid),
        ),
    },
    jobAllocations: {
      /** Who a job is given to without a time slot. */
      ofJob: async (jobUuid: string, opts: CallOptions = {}) =>
        keepMatching(
          await all('joballocation', jobAllocationRecord, { ...opts, filter: [eq('job_uuid', jobUuid)] }),
          isOfJob(jobUuid),
        ),
      /** Jobs given to one staff member without a time slot, done or not: which count on a day is the caller's rule. */
      ofStaff: async (staffUuid: string, opts: CallOptions = {}) =>
        keepMatching(
          await all('joballocation', jobAllocationRecord, { ...opts, filter: [eq('staff_uuid', staffUuid)] }),
          isAllocationOf(staffUuid),
        ),
    },
    staff: {
      list: (opts: CallOptions = {}) => all('staff', staffRecord, opts),
      get: (uuid: string, opts?: CallOptions) => getOne('staff', staffRecord, uuid, opts),
    },
    notes: {
      /** A job's notes. */
      ofJob: async (jobUuid: string, opts: CallOptions = {}) =>
        keepMatching(
          await all('note', noteRecord, {
            ...opts,
            filter: and(eq('related_object', 'job'), eq('related_object_uuid', jobUuid)),
          }),
          isNoteOfJob(jobUuid),
        ),
      /** One note by its uuid, at the single-note address the platform's own SDK uses (`dbonote`). */
      get: (uuid: string, opts?: CallOptions) => getOne('dbonote', noteRecord, uuid, opts),
      /** Creates a note on a job; returns its uuid. */
      async create(input: NewNote, opts: CallOptions = {}): Promise<{ uuid: string }> {
        const uuid = input.uuid ?? globalThis.crypto.randomUUID();
        const answer = await http.send({
          method: 'POST',
          path: `${API}/note.json`,
          json: {
            uuid,
            related_object: 'job',
            related_object_uuid: input.jobUuid,
            note: input.note,
            action_required: input.actionRequired ? '1' : '0',
          },
          createsRecord: true,
          ...opts,
        });
        return { uuid: answer.headers.get('x-record-uuid') ?? uuid };
      },
    },
    badges: { list: (opts: CallOptions = {}) => all('badge', badgeRecord, opts) },
    categories: { list: (opts: CallOptions = {}) => all('category', categoryRecord, opts) },
    securityRoles: { list: (opts: CallOptions = {}) => all('securityrole', securityRoleRecord, opts) },
    vendor: {
      /** The account itself (`vendor.json` answers a one-element list). */
      async get(opts: CallOptions = {}) {
        const { records, skipped } = await all('vendor', vendorRecord, opts);
        const vendor = records[0];
        if (!vendor) {
          const why = skipped[0]?.reason ?? 'empty list';
          throw new ApiError('ValidationError', `GET /${API}/vendor.json: no readable vendor (${why})`, {
            status: 200,
          });
        }
        return vendor;
      },
    },
    attachments: createAttachmentsApi(http, { all, getOne }),
    jobActivities: createJobActivitiesApi(http, { all, getOne, update }),
    webhooks: createWebhookSubscriptionsApi(http),
    texts: createTextsApi(http),
    /**
     * Re-reads a record named by a webhook's `resource_url`, with this client's own credentials. Refuses
     * any URL outside {base_url}/api_1.0/, so a forged notification cannot make us send our token elsewhere.
     */
    async getResource(resourceUrl: string, opts: CallOptions = {}): Promise<unknown> {
      const prefix = `${http.baseUrl}/${API}/`;
      let url: URL;
      try {
        url = new URL(resourceUrl);
      } catch {
        throw new RangeError(`resource_url is not a URL: ${JSON.stringify(resourceUrl)}`);
      }
      if (!url.href.startsWith(prefix) || url.search !== '' || url.hash !== '') {
        throw new RangeError(`resource_url ${JSON.stringify(resourceUrl)} is not a record under ${prefix}`);
      }
      const answer = await http.send({ method: 'GET', path: url.href.slice(http.baseUrl.length + 1), ...opts });
      return answer.body;
    },
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
