import type { Uuid } from '../../../contracts/uuid';
import { z } from 'zod';
import type { AccountTokenKeeper } from './account-tokens';
import { linkedUuid } from './job-records';
import { failedStep, withAccountToken, type PanelProblem, type WriteStep } from './job-view';
import type { PlatformCall, PlatformReads, Result } from './platform-reads';
import { PROBLEM_WORDS } from './panel/problem-page';
import type { UploadGrant } from './upload-ticket';

// A photo from the panel, sent to the platform as the person the panel's upload ticket names (the platform's signed
// event made it), in the platform's two requests: the attachment's record (`attachment.json`, with the uuid the
// panel chose for this photo) and then its bytes (`attachment/{uuid}.file`, raw). Safe to send twice, as the
// extension's outbox sends photos (lib/outbox/send-files.ts): the record is read by its uuid before it is created,
// and the bytes are sent only while the platform holds no file for it (what a second upload does is not documented).

export interface PhotoToSend {
  /** Chosen in the window, once per photo: a retry carries the same one. */
  uuid: Uuid;
  name: string;
  /** ".jpg", as the platform's `file_type` has it. */
  fileType: string;
  bytes: Blob;
}

export type PhotoAnswer = { ok: true; photo: { uuid: string; name: string } } | { ok: false; message: string };

const PHOTO_WORDS: Partial<Record<PanelProblem, string>> = {
  not_visible:
    'The platform does not let you add photos to this job. If it should be yours, ask the office to assign it to you.',
  unavailable: 'The platform could not be reached, so the photo is not sent yet. Try again in a moment.',
  busy: 'The platform is busy, so the photo is not sent yet. Try again in a minute.',
  rejected:
    'The platform did not accept this file. Try a photo (JPEG or PNG), or tell the office if it keeps happening.',
};

const AttachmentSchema = z.looseObject({ uuid: z.string(), related_object_uuid: linkedUuid });

type Step = WriteStep<PhotoAnswer>;
const failed = (r: Result<unknown>): Step => failedStep<PhotoAnswer>(r);

async function send(reads: PlatformReads, call: PlatformCall, jobUuid: Uuid, photo: PhotoToSend): Promise<Step> {
  const sent: Step = { ok: true, value: { ok: true, photo: { uuid: photo.uuid, name: photo.name } } };
  const existing = await reads.get(call, `dboattachment/${photo.uuid}.json`, AttachmentSchema);
  if (!existing.ok && existing.failure !== 'not_visible') return failed(existing);
  if (existing.ok) {
    if (existing.value.related_object_uuid !== jobUuid)
      return { ok: true, value: { ok: false, message: 'This photo could not be sent. Choose it again.' } };
    const file = await reads.probe(call, `attachment/${photo.uuid}.file`);
    if (file.ok) return sent;
    if (file.failure !== 'not_visible') return failed(file);
  } else {
    const created = await reads.post(call, 'attachment.json', {
      uuid: photo.uuid,
      related_object: 'job',
      related_object_uuid: jobUuid,
      attachment_name: photo.name,
      file_type: photo.fileType,
      created_by_staff_uuid: call.staff,
    });
    if (!created.ok) return failed(created);
  }
  const uploaded = await reads.upload(call, `attachment/${photo.uuid}.file`, photo.bytes);
  return uploaded.ok ? sent : failed(uploaded);
}

/** Sends photos; two copies of one (the same uuid) arriving at once share one send in this process. */
export function createPhotoSender(deps: { reads: PlatformReads; tokens: AccountTokenKeeper }) {
  const inFlight = new Map<string, Promise<PhotoAnswer>>();

  async function run(account: string, staff: Uuid, jobUuid: Uuid, photo: PhotoToSend): Promise<PhotoAnswer> {
    const outcome = await withAccountToken(deps.tokens, account, (accessToken) =>
      send(deps.reads, { accessToken, staff }, jobUuid, photo),
    );
    if (outcome.ok) return outcome.value;
    return { ok: false, message: PHOTO_WORDS[outcome.problem] ?? PROBLEM_WORDS[outcome.problem] };
  }

  return {
    send(grant: UploadGrant, photo: PhotoToSend): Promise<PhotoAnswer> {
      const key = `${grant.account}/${photo.uuid}`;
      let running = inFlight.get(key);
      if (!running) {
        running = run(grant.account, grant.staff, grant.job, photo).finally(() => inFlight.delete(key));
        inFlight.set(key, running);
      }
      return running;
    },
  };
}

export type PhotoSender = ReturnType<typeof createPhotoSender>;
