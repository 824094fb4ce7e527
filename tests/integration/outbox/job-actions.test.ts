// Acting on a job through the outbox against the real emulator: a visit (arrived, done, the job complete) and a
// photo, written with no signal, then sent with the platform's answers lost on the way, land exactly once, as the
// technician's: one recorded activity with its start and end, one attachment with its file, the new status. Run
// under each thing the platform might do with a second upload to the same attachment (nobody knows).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createFileStore } from '../../../lib/outbox/files';
import { createOutboxSender } from '../../../lib/outbox/sender';
import { offlineFetch, startOutboxPlatform, type OutboxPlatform } from './platform';
import { setUpFile } from '../../support/set-up-file';

const SCOPES = ['read_jobs', 'manage_jobs', 'read_schedule', 'manage_schedule', 'manage_attachments'];
/** A PNG's first bytes: the emulator reads a photo's size from them. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);

let platform: OutboxPlatform;
setUpFile(async (own) => {
  platform = own(await startOutboxPlatform(83));
});

describe.each(['replace', 'refuse'] as const)(
  'a visit and a photo, exactly once (a second upload would %s)',
  (mode) => {
    it('lands once, as the technician, though the platform took each write and its answer was lost', async () => {
      const { control, account, technician } = platform;
      await control.setSwitches({ attachmentReupload: mode, uuidReuse: 'duplicate' });
      const jobUuid = platform.jobUuids[mode === 'replace' ? 30 : 31]!;
      const indexedDB = new IDBFactory();
      const files = createFileStore(indexedDB);
      const openOutbox = platform.outboxes();
      const outbox = openOutbox();
      // The seed may have recorded time on the job already (its history is laid out around today): only what this
      // test writes is counted.
      const recordedOnJob = async () =>
        (await control.listRecords(account.uuid, 'jobactivity')).filter(
          (a) => a.job_uuid === jobUuid && Number(a.activity_was_recorded) === 1,
        );
      const seeded = new Set((await recordedOnJob()).map((a) => a.uuid));
      const activityUuid = crypto.randomUUID();
      const photoUuid = crypto.randomUUID();
      await files.keep({
        uuid: photoUuid,
        blob: new Blob([PNG], { type: 'image/png' }),
        name: 'Meter.png',
        type: 'image/png',
        size: PNG.length,
      });

      // Written with no signal, in the order the technician pressed them.
      await outbox.enqueue({
        kind: 'activity-start',
        jobUuid,
        clientUuid: activityUuid,
        payload: { staffUuid: technician.uuid, start: '2026-05-04 09:02:00' },
      });
      await outbox.enqueue({
        kind: 'attachment',
        jobUuid,
        clientUuid: photoUuid,
        payload: {
          name: 'Meter.png',
          fileType: '.png',
          contentType: 'image/png',
          size: PNG.length,
          staffUuid: technician.uuid,
        },
      });
      await outbox.enqueue({ kind: 'activity-end', jobUuid, payload: { activityUuid, end: '2026-05-04 10:41:00' } });
      await outbox.enqueue({ kind: 'status', jobUuid, payload: { status: 'Completed' } });
      const offline = createOutboxSender({
        outbox,
        client: await platform.technicianClient(SCOPES, { fetch: offlineFetch }),
        files,
        setTimer: () => () => {},
      });
      expect((await offline.flush()).sent).toBe(0);

      const faultsBefore = (await control.stats()).faultsInjected;
      // Back, but the answers to the activity's create, the attachment's create and its upload are lost after the
      // platform acted on them: each is sent again, and must not land twice.
      for (const pathPrefix of [
        '/api_1.0/jobactivity.json',
        '/api_1.0/attachment.json',
        `/api_1.0/attachment/${photoUuid}.file`,
      ])
        await control.injectFault({ kind: 'lose_answer', count: 1, pathPrefix });
      const online = createOutboxSender({
        outbox: openOutbox(),
        client: await platform.technicianClient(SCOPES, { retryLimit: 0 }),
        files,
        setTimer: () => () => {},
      });
      // Each lost answer costs the write one pass; the outbox's backoff is skipped (flush, as when back online).
      for (let pass = 0; pass < 10 && (await outbox.count()) > 0; pass++) await online.flush();
      // Every one of the three answers was lost, so both creates and the upload were sent twice.
      expect((await control.stats()).faultsInjected - faultsBefore).toBe(3);
      await control.clearFaults();
      expect(await outbox.count()).toBe(0);

      const activities = (await recordedOnJob()).filter((a) => !seeded.has(a.uuid));
      expect(activities).toHaveLength(1);
      expect(activities[0]).toMatchObject({
        uuid: activityUuid,
        staff_uuid: technician.uuid,
        start_date: '2026-05-04 09:02:00',
        end_date: '2026-05-04 10:41:00',
      });
      const photos = (await control.listRecords(account.uuid, 'attachment')).filter(
        (a) => a.related_object_uuid === jobUuid && Number(a.active) === 1 && a.attachment_name === 'Meter.png',
      );
      expect(photos).toHaveLength(1);
      expect(photos[0]).toMatchObject({ uuid: photoUuid, file_type: '.png', created_by_staff_uuid: technician.uuid });
      const client = await platform.technicianClient(SCOPES);
      expect(await client.attachments.hasFile(photoUuid)).toBe(true);
      const job = (await control.listRecords(account.uuid, 'job')).find((j) => j.uuid === jobUuid)!;
      expect(job.status).toBe('Completed');
      // The file is not kept on the device once the platform has it.
      expect(await files.get(photoUuid)).toBeUndefined();
    }, 60_000);
  },
);
