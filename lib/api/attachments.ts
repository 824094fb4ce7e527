// A job's photos and files: the record first, then its bytes to `attachment/{uuid}.file`, and whether the platform
// holds them.
import { ApiError } from './errors';
import { and, eq } from './filter';
import { isAttachmentOfJob, keepMatching } from './filter-checks';
import type { HttpClient } from './http';
import { API, type CallOptions, type RecordAccess } from './record-access';
import { attachmentRecord } from './schemas';

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

export function createAttachmentsApi(http: HttpClient, { all, getOne }: Pick<RecordAccess, 'all' | 'getOne'>) {
  return {
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
  };
}
