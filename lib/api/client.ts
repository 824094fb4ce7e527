// The platform client: typed operations over http.ts for what Fieldside uses. One client per
// connection (platform URLs + API key or OAuth tokens + optional impersonated staff member).
import { ApiError } from './errors';
import { and, encodeQuery, eq, filterToString, gt, lt, type Filter } from './filter';
import {
  isAttachmentOfJob,
  isActivityOf,
  isAllocationOf,
  isContactOfCompany,
  isContactOfJob,
  isNoteOfJob,
  isOfJob,
  keepMatching,
} from './filter-checks';
import { createHttp, parseJsonBody, type HttpOptions } from './http';
import { parseJob } from './job-fast-parse';
import { collect, paginate, type PageIterator } from './paginate';
import type { RecordSchema, FieldTable, RecordOf } from './record-schema';
import {
  attachmentRecord,
  badgeRecord,
  categoryRecord,
  companyContactRecord,
  companyRecord,
  jobActivityRecord,
  jobAllocationRecord,
  jobContactRecord,
  jobRecord,
  noteRecord,
  securityRoleRecord,
  staffRecord,
  vendorRecord,
  type JobStatus,
} from './schemas';
import { createWebhookSubscriptionsApi } from './webhook-subscriptions';
import { createTextsApi } from './texts';

export type PlatformClientOptions = HttpOptions;

export interface PageOptions {
  /** Resume from a saved cursor (a page's `cursor` or `nextCursor`); default the first page. */
  cursor?: string;
  filter?: Filter;
  signal?: AbortSignal;
  /** Send for the next page as soon as a page has arrived, before it is parsed (a long walk such
   * as a full sync); one request more when the walk is left early. */
  readAhead?: boolean;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface NewNote {
  /** Client-chosen uuid: a retried or replayed create then cannot duplicate the note. */
  uuid?: string;
  jobUuid: string;
  note: string;
  actionRequired?: boolean;
}

/** Time on site as the platform records it: a job activity with `activity_was_recorded`, by the staff member. */
export interface RecordedTime {
  /** Client-chosen: read back by it before a retried create is sent again. */
  uuid: string;
  jobUuid: string;
  staffUuid: string;
  /** Account-local `YYYY-MM-DD HH:MM:SS`. */
  start: string;
  end: string;
}

/** A file's record on a job; its bytes go to `attachment/{uuid}.file` after it. */
export interface NewAttachment {
  uuid: string;
  jobUuid: string;
  /** As the person named it ("Meter.jpg"), at most 127 characters. */
  name: string;
  /** The extension with its dot, as the platform takes it: ".jpg". */
  fileType: string;
  staffUuid?: string;
}

/** A new job (a Quote, as the office starts one); its uuid is client-chosen, read back before a retried create. */
export interface NewJob {
  uuid: string;
  companyUuid: string | null;
  address: string;
  description: string;
}

/** A new customer: a company by its name; its uuid is client-chosen, read back before a retried create. */
export interface NewCompany {
  uuid: string;
  name: string;
}

/** Local-time bounds as the platform writes them: `YYYY-MM-DD HH:MM:SS`. */
export interface DateRange {
  from: string;
  to: string;
}

const API = 'api_1.0';

export function createPlatformClient(options: PlatformClientOptions) {
  const http = createHttp(options);

  function pages<T extends FieldTable>(
    type: string,
    record: RecordSchema<T>,
    opts: PageOptions = {},
  ): PageIterator<RecordOf<T>> {
    const filter = opts.filter === undefined ? undefined : filterToString(opts.filter);
    return paginate({
      label: `GET /${API}/${type}.json`,
      parse: record.parse,
      ...(opts.cursor === undefined ? {} : { cursor: opts.cursor }),
      ...(opts.signal === undefined ? {} : { signal: opts.signal }),
      ...(opts.readAhead === undefined ? {} : { readAhead: opts.readAhead }),
      fetchPage: async (cursor, signal) => {
        const query = encodeQuery({ cursor, $filter: filter });
        const spec = { method: 'GET', path: `${API}/${type}.json?${query}`, ...(signal ? { signal } : {}) } as const;
        const answer = await http.sendText(spec);
        // Parsed by the walk, after it has sent for the next page.
        return {
          read: () => parseJsonBody(answer.text, `GET /${API}/${type}.json`, answer.status),
          nextCursor: answer.headers.get('x-next-cursor'),
        };
      },
    });
  }

  const all = <T extends FieldTable>(type: string, record: RecordSchema<T>, opts: PageOptions = {}) =>
    collect(pages(type, record, opts));

  async function getOne<T extends FieldTable>(
    type: string,
    record: RecordSchema<T>,
    uuid: string,
    opts: CallOptions = {},
  ) {
    const label = `GET /${API}/${type}/${uuid}.json`;
    const answer = await http.send({ method: 'GET', path: `${API}/${type}/${encodeURIComponent(uuid)}.json`, ...opts });
    const parsed = record.parse(answer.body);
    if (!parsed.ok)
      throw new ApiError('ValidationError', `${label}: ${parsed.skipped.reason}`, { status: 200, request: label });
    return parsed.value;
  }

  /** POST to a record: the platform's update (set fields). Idempotent, so retried like a GET. */
  async function update(type: string, uuid: string, fields: Record<string, unknown>, opts: CallOptions = {}) {
    await http.send({ method: 'POST', path: `${API}/${type}/${encodeURIComponent(uuid)}.json`, json: fields, ...opts });
  }

  /** DELETE of a record: the platform sets `active` to 0. Idempotent, so retried like a GET. */
  async function remove(type: string, uuid: string, opts: CallOptions = {}) {
    await http.send({ method: 'DELETE', path: `${API}/${type}/${encodeURIComponent(uuid)}.json`, ...opts });
  }

  return {
    jobs: {
      pages: (opts?: PageOptions) => pages('job', { ...jobRecord, parse: parseJob }, opts),
      get: (uuid: string, opts?: CallOptions) => getOne('job', jobRecord, uuid, opts),
      updateStatus: (uuid: string, status: JobStatus, opts?: CallOptions) => update('job', uuid, { status }, opts),
      /** Creates a job (scope `create_jobs`, which may cost the account); the uuid the platform answered, which is
       * not the one sent when it took a repeated create as a second job. */
      async create(input: NewJob, opts: CallOptions = {}): Promise<{ uuid: string }> {
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
        return { uuid: answer.headers.get('x-record-uuid')?.toLowerCase() ?? input.uuid };
      },
      /** Deletes a job (scope `manage_jobs`): the platform only sets `active` to 0. */
      remove: (uuid: string, opts?: CallOptions) => remove('job', uuid, opts),
      /** Replaces the job's badges; the platform takes them as a JSON array in a string. */
      setBadges: (uuid: string, badgeUuids: readonly string[], opts?: CallOptions) =>
        update('job', uuid, { badges: JSON.stringify(badgeUuids) }, opts),
    },
    companies: {
      pages: (opts?: PageOptions) => pages('company', companyRecord, opts),
      get: (uuid: string, opts?: CallOptions) => getOne('company', companyRecord, uuid, opts),
      /** Creates a customer by name (scope `manage_customers`); the uuid the platform answered, as for a job. */
      async create(input: NewCompany, opts: CallOptions = {}): Promise<{ uuid: string }> {
        const answer = await http.send({
          method: 'POST',
          path: `${API}/company.json`,
          json: { uuid: input.uuid, name: input.name },
          createsRecord: true,
          ...opts,
        });
        return { uuid: answer.headers.get('x-record-uuid')?.toLowerCase() ?? input.uuid };
      },
      /** Deletes a customer (scope `manage_customers`): `active` set to 0. */
      remove: (uuid: string, opts?: CallOptions) => remove('company', uuid, opts),
    },
    // Filtered reads answer only what their filter asked for, checked again here (filter-checks.ts).
    companyContacts: {
      /** Every company contact (the customer index), page by page. */
      pages: (opts?: PageOptions) => pages('companycontact', companyContactRecord, opts),
      /** The client's contacts: one company's. */
      ofCompany: async (companyUuid: string, opts: CallOptions = {}) =>
        keepMatching(
          await all('companycontact', companyContactRecord, { ...opts, filter: [eq('company_uuid', companyUuid)] }),
          isContactOfCompany(companyUuid),
        ),
    },
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
    attachments: {
      /** A job's attachments (its photos and files). */
      ofJob: async (jobUuid: string, opts: CallOptions = {}) =>
        keepMatching(
          await all('attachment', attachmentRecord, {
            ...opts,
            filter: and(eq('related_object', 'job'), eq('related_object_uuid', jobUuid)),
          }),
          isAttachmentOfJob(jobUuid),
        ),
      /** One attachment by its uuid, at the official SDK's single-attachment address (`dboattachment`). */
      get: (uuid: string, opts?: CallOptions) => getOne('dboattachment', attachmentRecord, uuid, opts),
      /** Creates the record (no bytes yet): the platform's first of two requests. */
      async create(input: NewAttachment, opts: CallOptions = {}): Promise<void> {
        await http.send({
          method: 'POST',
          path: `${API}/attachment.json`,
          json: {
            uuid: input.uuid,
            related_object: 'job',
            related_object_uuid: input.jobUuid,
            attachment_name: input.name,
            file_type: input.fileType,
            ...(input.staffUuid ? { created_by_staff_uuid: input.staffUuid } : {}),
          },
          createsRecord: true,
          ...opts,
        });
      },
      /** Sends the file's bytes to its record; naming the record, it is safe to repeat. */
      upload: (
        uuid: string,
        data: Blob,
        opts: CallOptions & { onProgress?: (sent: number, total: number) => void } = {},
      ) =>
        http.send({
          method: 'POST',
          path: `${API}/attachment/${encodeURIComponent(uuid)}.file`,
          bytes: { data, contentType: 'application/octet-stream' },
          ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
          ...(opts.signal ? { signal: opts.signal } : {}),
        }),
      /** Whether the platform holds the record's file (its download answers). */
      async hasFile(uuid: string, opts: CallOptions = {}): Promise<boolean> {
        try {
          await http.sendText({ method: 'GET', path: `${API}/attachment/${encodeURIComponent(uuid)}.file`, ...opts });
          return true;
        } catch (error) {
          if (error instanceof ApiError && error.name === 'NotFoundError') return false;
          throw error;
        }
      },
    },
    jobActivities: {
      /** One activity by its uuid. */
      get: (uuid: string, opts?: CallOptions) => getOne('jobactivity', jobActivityRecord, uuid, opts),
      /** Records time on site (`activity_was_recorded` 1) as the staff member. */
      async createRecorded(input: RecordedTime, opts: CallOptions = {}): Promise<void> {
        await http.send({
          method: 'POST',
          path: `${API}/jobactivity.json`,
          json: {
            uuid: input.uuid,
            job_uuid: input.jobUuid,
            staff_uuid: input.staffUuid,
            start_date: input.start,
            end_date: input.end,
            activity_was_scheduled: '0',
            activity_was_recorded: '1',
          },
          createsRecord: true,
          ...opts,
        });
      },
      /** Moves the end of recorded time (leaving the site). */
      setEnd: (uuid: string, end: string, opts?: CallOptions) => update('jobactivity', uuid, { end_date: end }, opts),
      /** A job's activities: its visits (scheduled) and the time recorded on site, everyone's. */
      ofJob: async (jobUuid: string, opts: CallOptions = {}) =>
        keepMatching(
          await all('jobactivity', jobActivityRecord, { ...opts, filter: [eq('job_uuid', jobUuid)] }),
          isOfJob(jobUuid),
        ),
      /** Job activities (scheduled visits and recorded time alike) of one staff member that overlap
       * [from, to): start before `to` and end after `from`. */
      ofStaff: async (staffUuid: string, range: DateRange, opts: CallOptions = {}) =>
        keepMatching(
          await all('jobactivity', jobActivityRecord, {
            ...opts,
            filter: and(eq('staff_uuid', staffUuid), lt('start_date', range.to), gt('end_date', range.from)),
          }),
          isActivityOf(staffUuid, range),
        ),
    },
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
