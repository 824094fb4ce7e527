// "On my way" and its text to the customer through the outbox against the real emulator: written with no signal,
// then sent, the platform holds the note and exactly one text to the number, about the job, from the technician.
// A text whose answer is lost after the platform sent it is not sent again (the emulator, like any gateway without
// an idempotency key, would text twice), and the person is told it may not have gone.
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { createOutboxSender } from '../../../lib/outbox/sender';
import { offlineFetch, startOutboxPlatform, type OutboxPlatform } from './platform';
import { setUpFile } from '../../support/set-up-file';

const SCOPES = ['read_jobs', 'read_job_notes', 'publish_job_notes', 'publish_sms'];
const TEXT = { to: '+61412345678', message: 'Hi Jane, this is Sam. On my way.', name: 'Jane Citizen' };

let platform: OutboxPlatform;
setUpFile(async (own) => {
  platform = own(await startOutboxPlatform(91));
  await platform.control.setSwitches({ smsRepeat: 'sends' });
});

const textsAbout = async (jobUuid: string) =>
  (await platform.control.sentSms(platform.account.uuid)).filter((s) => s.regarding_job_uuid === jobUuid);

it('written offline, sent once back online: the note, then one text to the number naming the job', async () => {
  const jobUuid = platform.jobUuids[40]!;
  const outbox = platform.outboxes()();
  await outbox.enqueue({ kind: 'note', jobUuid, payload: { note: 'On my way.' } });
  await outbox.enqueue({ kind: 'text', jobUuid, payload: TEXT });
  const offline = createOutboxSender({
    outbox,
    client: await platform.technicianClient(SCOPES, { fetch: offlineFetch }),
    setTimer: () => () => {},
  });
  expect((await offline.flush()).sent).toBe(0);
  expect((await outbox.pending()).every((e) => e.postedAt === undefined)).toBe(true);

  const online = createOutboxSender({
    outbox,
    client: await platform.technicianClient(SCOPES),
    setTimer: () => () => {},
  });
  expect(await online.flush()).toMatchObject({ sent: 2, failed: 0 });
  const texts = await textsAbout(jobUuid);
  expect(texts).toHaveLength(1);
  expect(texts[0]).toMatchObject({ to: TEXT.to, message: TEXT.message, sent_by_staff_uuid: platform.technician.uuid });
}, 60_000);

it('a text whose answer is lost is not sent again: one text, and the person is told', async () => {
  const jobUuid = platform.jobUuids[41]!;
  const outbox = platform.outboxes()();
  await outbox.enqueue({ kind: 'text', jobUuid, payload: TEXT });
  await platform.control.injectFault({ kind: 'lose_answer', count: 1, pathPrefix: '/platform_service_sms' });
  const sender = createOutboxSender({
    outbox,
    client: await platform.technicianClient(SCOPES, { retryLimit: 0 }),
    setTimer: () => () => {},
  });
  for (let pass = 0; pass < 4; pass++) await sender.flush();
  expect(await textsAbout(jobUuid)).toHaveLength(1);
  const [kept] = await outbox.pending();
  expect(kept).toMatchObject({ kind: 'text', state: 'failed-permanent' });
  expect(kept!.lastError).toMatchObject({ code: 'text-unsure' });
  expect(kept!.lastError!.message).toMatch(/may not have been sent/);
}, 60_000);

it('a connection that may not text is refused and nothing is sent; the text is kept for the person', async () => {
  const jobUuid = platform.jobUuids[42]!;
  const outbox = platform.outboxes()();
  await outbox.enqueue({ kind: 'text', jobUuid, payload: TEXT });
  const sender = createOutboxSender({
    outbox,
    client: await platform.technicianClient(['read_jobs']),
    setTimer: () => () => {},
  });
  expect(await sender.flush()).toMatchObject({ failed: 1 });
  expect(await textsAbout(jobUuid)).toEqual([]);
  const [kept] = await outbox.pending();
  expect(kept!.lastError).toMatchObject({ code: 'missing-scope' });
  expect(kept!.postedAt).toBeUndefined();
}, 60_000);
