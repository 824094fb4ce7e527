// Sending a photo or file: the platform takes it in two requests, the attachment's record (a create, with the
// uuid chosen when the person attached it) and then its bytes to that record. A retry reads the record back
// before creating it again, and asks whether the platform holds its file before sending the bytes again: what a
// second upload does is not documented (the emulator's switch plays "replaces" and "refuses").
import { ApiError } from '../api/errors';
import { platformHas, type ApplyContext, type OutboxClient } from './apply';
import type { EntryOf } from './types';

export async function sendAttachment(
  client: OutboxClient,
  entry: EntryOf<'attachment'>,
  context: ApplyContext,
): Promise<void> {
  const kept = await context.files?.get(entry.clientUuid);
  // Nothing to send: the file was cleared from this device (its storage was wiped). Only the person can help.
  if (!kept) throw new ApiError('ValidationError', `the file ${entry.payload.name} is no longer on this device`);
  const retried = entry.attempts > 1;
  const exists = retried && (await platformHas(() => client.attachments.get(entry.clientUuid), entry.jobUuid));
  if (!exists)
    await client.attachments.create({
      uuid: entry.clientUuid,
      jobUuid: entry.jobUuid,
      name: entry.payload.name,
      fileType: entry.payload.fileType,
      ...(entry.payload.staffUuid ? { staffUuid: entry.payload.staffUuid } : {}),
    });
  else if (await client.attachments.hasFile(entry.clientUuid)) return;
  await client.attachments.upload(entry.clientUuid, kept.blob, {
    onProgress: (sent, total) => context.onProgress?.(entry, sent, total),
  });
}
