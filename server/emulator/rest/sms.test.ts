// Texts through the platform (`POST /platform_service_sms`, as public integrations call it): only with the
// publish_sms scope and never for an API key, a number the account's country can dial, a message, a job the
// sender may see; every text taken is recorded with whom it went to, and a repeat is a second text unless the
// `smsRepeat` switch says otherwise.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountInfo } from '../contracts';
import { startEmulator, type StartedEmulator } from '../start';

let emu: StartedEmulator;
let account: AccountInfo;

beforeAll(async () => {
  emu = await startEmulator({ jobs: 300, seed: 5, quiet: true, rateLimitPerMinute: 100_000 });
  account = emu.info.accounts[0]!; // Sydney: numbers are Australian by default
});
afterAll(() => emu.close());

const technician = () => account.staff.find((s) => s.role === 'technician' && s.active)!;

async function tokenWith(scopes: string[]): Promise<string> {
  return (await emu.control.issueTokens(account.uuid, technician().uuid, scopes)).access_token;
}

async function text(auth: Record<string, string>, body: unknown) {
  const res = await fetch(`${emu.info.base_url}/platform_service_sms`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { errorCode: number; message: string } };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function aJob(): Promise<string> {
  const jobs = await emu.control.listRecords(account.uuid, 'job');
  return String(jobs.find((j) => j.active === 1 || j.active === '1')!.uuid);
}

it('sends with publish_sms: the number in international form, the message and the job, as the token’s staff member', async () => {
  const job = await aJob();
  const before = (await emu.control.sentSms(account.uuid)).length;
  const answer = await text(bearer(await tokenWith(['publish_sms'])), {
    to: '0412 345 678',
    message: 'Sam is on the way to you now.',
    regardingJobUUID: job.toUpperCase(),
  });
  expect(answer).toEqual({ status: 200, body: { errorCode: 0, message: 'OK' } });
  const sent = (await emu.control.sentSms(account.uuid)).slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    to: '+61412345678',
    to_as_sent: '0412 345 678',
    message: 'Sam is on the way to you now.',
    regarding_job_uuid: job,
    sent_by_staff_uuid: technician().uuid,
  });
});

it('refuses a token without publish_sms, and an API key (a private application), in the platform’s error shape', async () => {
  const before = (await emu.control.sentSms(account.uuid)).length;
  const body = { to: '+61412345678', message: 'On my way' };
  const noScope = await text(bearer(await tokenWith(['read_sms', 'manage_jobs'])), body);
  expect(noScope.status).toBe(403);
  expect(noScope.body).toMatchObject({ errorCode: 403, message: expect.stringContaining('publish_sms') });
  const apiKey = await text({ 'x-api-key': account.api_key }, body);
  expect(apiKey.status).toBe(403);
  expect(apiKey.body.errorCode).toBe(403);
  const none = await text({}, body);
  expect(none.status).toBe(401);
  expect(await emu.control.sentSms(account.uuid)).toHaveLength(before);
});

it('refuses a number that cannot be dialled, an empty or missing message, and a job that does not exist: nothing sent', async () => {
  const auth = bearer(await tokenWith(['publish_sms']));
  const before = (await emu.control.sentSms(account.uuid)).length;
  for (const to of ['12', 'not a number', '', '+61 2']) {
    const answer = await text(auth, { to, message: 'On my way' });
    expect(answer.status, to).toBe(400);
    expect(answer.body.errorCode).toBe(400);
  }
  expect((await text(auth, { to: '0412345678', message: '   ' })).status).toBe(400);
  expect((await text(auth, { to: '0412345678' })).status).toBe(400);
  expect((await text(auth, { to: '0412345678', message: 'x'.repeat(1601) })).status).toBe(400);
  const noJob = await text(auth, {
    to: '0412345678',
    message: 'On my way',
    regardingJobUUID: '00000000-0000-4000-8000-000000000000',
  });
  expect(noJob.status).toBe(400);
  expect((await text(auth, { to: '0412345678', message: 'On my way', regardingJobUUID: 'job 7' })).status).toBe(400);
  expect(await emu.control.sentSms(account.uuid)).toHaveLength(before);
});

it('a repeated send is a second text by default; under smsRepeat "once" a repeat within minutes is one', async () => {
  const auth = bearer(await tokenWith(['publish_sms']));
  const job = await aJob();
  const body = { to: '+61 400 000 001', message: 'Repeat me', regardingJobUUID: job };
  const count = async () => (await emu.control.sentSms(account.uuid)).filter((s) => s.message === 'Repeat me').length;
  await text(auth, body);
  await text(auth, body);
  expect(await count()).toBe(2);
  await emu.control.setSwitches({ smsRepeat: 'once' });
  try {
    await text(auth, { ...body, message: 'Once only' });
    expect((await text(auth, { ...body, message: 'Once only' })).status).toBe(200);
    const once = (await emu.control.sentSms(account.uuid)).filter((s) => s.message === 'Once only');
    expect(once).toHaveLength(1);
  } finally {
    await emu.control.setSwitches({ smsRepeat: 'sends' });
  }
});
