// Attachments as the platform's developer documentation and official SDK describe them: the record at
// attachment.json (one at dboattachment/{uuid}.json), its bytes at attachment/{uuid}.file, raw or multipart, or
// both in one multipart POST; scopes, a technician's jobs, and the unknown second upload under each switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '../contracts';
import { startEmulator, type StartedEmulator } from '../start';
import { createApi, type Api } from './test-support';

type Rec = Record<string, string | number>;
let emu: StartedEmulator;
let account: AccountInfo;
let api: Api;
let base: string;

/** A real 3×2 PNG (its header says so), as a phone would send a photo. */
const PNG_3x2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAF0lEQVR4nGP4z8DAAMFcInIaRjZuAVEAM1kEwOQkmMsAAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  emu = await startEmulator({ jobs: 600, seed: 11, quiet: true, rateLimitPerMinute: 100_000 });
  account = emu.info.accounts[0]!;
  api = createApi(emu.info.base_url, { apiKey: account.api_key });
  base = `${emu.info.base_url}/api_1.0`;
});
afterAll(() => emu.close());

const jobs = async () => (await emu.control.listRecords(account.uuid, 'job')) as Rec[];
const staff = (role: string) => account.staff.find((s) => s.role === role && s.active)!;

/** Sends bytes (raw or as FormData) with the given credentials. */
async function send(path: string, body: BodyInit, headers: Record<string, string>) {
  const res = await fetch(`${base}/${path}`, { method: 'POST', body, headers });
  return {
    status: res.status,
    body: (await res.json()) as { errorCode: number; message: string },
    headers: res.headers,
  };
}

describe('an attachment and its file', () => {
  it('creates the record, takes the raw bytes, serves them back, and reads the image size', async () => {
    const [job] = await jobs();
    const created = await api('POST', 'attachment.json', {
      related_object: 'job',
      related_object_uuid: job!.uuid,
      attachment_name: 'Meter.png',
      file_type: '.png',
    });
    expect(created.status).toBe(200);
    const uuid = created.headers.get('x-record-uuid')!;
    const before = await api<Rec>('GET', `dboattachment/${uuid}.json`);
    expect(before.body).toMatchObject({ related_object: 'job', related_object_uuid: job!.uuid, photo_width: '' });
    expect(before.body.created_by_staff_uuid).toBe(staff('administrator').uuid);
    expect(before.body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await fetch(`${base}/attachment/${uuid}.file`, { headers: { 'x-api-key': account.api_key } })).status).toBe(
      404,
    );

    const up = await send(`Attachment/${uuid}.file`, PNG_3x2, {
      'x-api-key': account.api_key,
      'content-type': 'application/octet-stream',
      accept: 'application/json',
    });
    expect(up).toMatchObject({ status: 200, body: { errorCode: 0, message: 'OK' } });
    const file = await fetch(`${base}/attachment/${uuid}.file`, { headers: { 'x-api-key': account.api_key } });
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_3x2)).toBe(true);
    const after = await api<Rec>('GET', `attachment/${uuid}.json`);
    expect(after.body).toMatchObject({ photo_width: '3', photo_height: '2' });
  });

  it('takes one multipart file whose extension matches the record, and refuses another', async () => {
    const [, job] = await jobs();
    const created = await api('POST', 'attachment.json', {
      related_object: 'job',
      related_object_uuid: job!.uuid,
      file_type: '.png',
    });
    const uuid = created.headers.get('x-record-uuid')!;
    const form = (name: string) => {
      const f = new FormData();
      f.append('file', new Blob([PNG_3x2], { type: 'image/png' }), name);
      return f;
    };
    const wrong = await send(`attachment/${uuid}.file`, form('scan.pdf'), { 'x-api-key': account.api_key });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/extension \.pdf does not match.*\.png/);
    const right = await send(`attachment/${uuid}.file`, form('Photo.PNG'), { 'x-api-key': account.api_key });
    expect(right.status).toBe(200);
  });

  it('creates record and file in one multipart POST to attachment.json, with a client-chosen uuid', async () => {
    const [, , job] = await jobs();
    const uuid = '6f1c2f3e-4b5a-4c6d-8e7f-8091a2b3c4d5';
    const form = new FormData();
    form.append('uuid', uuid);
    form.append('related_object', 'job');
    form.append('related_object_uuid', String(job!.uuid));
    form.append('file', new Blob([PNG_3x2], { type: 'image/png' }), 'Roof.png');
    const res = await send('attachment.json', form, { 'x-api-key': account.api_key });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-record-uuid')).toBe(uuid);
    const made = await api<Rec>('GET', `attachment/${uuid}.json`);
    expect(made.body).toMatchObject({ attachment_name: 'Roof.png', file_type: '.png', photo_width: '3' });
  });

  it('refuses a raw upload to a record without a file type, an empty file, and an unknown record', async () => {
    const [job] = await jobs();
    const created = await api('POST', 'attachment.json', { related_object: 'job', related_object_uuid: job!.uuid });
    const uuid = created.headers.get('x-record-uuid')!;
    const h = { 'x-api-key': account.api_key, 'content-type': 'application/octet-stream' };
    expect((await send(`attachment/${uuid}.file`, PNG_3x2, h)).body.message).toMatch(/no file_type/);
    await api('POST', `attachment/${uuid}.json`, { file_type: '.png' });
    expect((await send(`attachment/${uuid}.file`, new Uint8Array(0), h)).body.message).toMatch(/missing or empty/);
    const unknown = await send('attachment/00000000-0000-4000-8000-000000000001.file', PNG_3x2, h);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/create its metadata before uploading/);
  });

  it('refuses an attachment for a job that does not exist', async () => {
    const res = await api<{ message: string }>('POST', 'attachment.json', {
      related_object: 'job',
      related_object_uuid: '00000000-0000-4000-8000-000000000002',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/No job .* for this attachment/);
  });

  it.each([
    ['replace', 200],
    ['refuse', 400],
  ] as const)('a second upload under attachmentReupload %s answers %i', async (position, status) => {
    await emu.control.setSwitches({ attachmentReupload: position });
    try {
      const [job] = await jobs();
      const created = await api('POST', 'attachment.json', {
        related_object: 'job',
        related_object_uuid: job!.uuid,
        file_type: '.png',
      });
      const uuid = created.headers.get('x-record-uuid')!;
      const h = { 'x-api-key': account.api_key, 'content-type': 'application/octet-stream' };
      expect((await send(`attachment/${uuid}.file`, PNG_3x2, h)).status).toBe(200);
      const again = await send(`attachment/${uuid}.file`, PNG_3x2, h);
      expect(again.status).toBe(status);
      if (status === 400) expect(again.body.message).toMatch(/already has a file/);
    } finally {
      await emu.control.setSwitches({ attachmentReupload: 'replace' });
    }
  });

  it('serves the seeded photos of finished jobs, each with a placeholder file', async () => {
    const seeded = (await emu.control.listRecords(account.uuid, 'attachment')) as Rec[];
    expect(seeded.length).toBeGreaterThan(5);
    const first = seeded[0]!;
    expect(first).toMatchObject({ related_object: 'job', file_type: '.jpg' });
    const file = await fetch(`${base}/attachment/${String(first.uuid)}.file`, {
      headers: { 'x-api-key': account.api_key },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
  });
});

describe('who may', () => {
  it('needs manage_attachments to create and upload, read_attachments to read', async () => {
    const [job] = await jobs();
    const admin = staff('administrator').uuid;
    const reader = await emu.control.issueTokens(account.uuid, admin, ['read_attachments', 'read_jobs']);
    const asReader = createApi(emu.info.base_url, { token: reader.access_token });
    const refused = await asReader<{ message: string }>('POST', 'attachment.json', {
      related_object: 'job',
      related_object_uuid: job!.uuid,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/manage_attachments/);
    expect((await asReader('GET', 'attachment.json?cursor=-1')).status).toBe(200);
    const nobody = await emu.control.issueTokens(account.uuid, admin, ['read_jobs', 'publish_job_photos']);
    const asNobody = createApi(emu.info.base_url, { token: nobody.access_token });
    expect((await asNobody('GET', 'attachment.json?cursor=-1')).status).toBe(403);
  });

  it('lets a technician attach to their own jobs only, and see only those jobs’ files', async () => {
    const tech = staff('technician');
    const tokens = await emu.control.issueTokens(account.uuid, tech.uuid, ['manage_attachments', 'read_jobs']);
    const asTech = createApi(emu.info.base_url, { token: tokens.access_token, impersonate: tech.uuid });
    const mine = new Set(await emu.control.visibleJobUuids(account.uuid, tech.uuid));
    const all = await jobs();
    const own = all.find((j) => mine.has(String(j.uuid)))!;
    const other = all.find((j) => !mine.has(String(j.uuid)))!;
    const ok = await asTech('POST', 'attachment.json', {
      related_object: 'job',
      related_object_uuid: own.uuid,
      file_type: '.png',
      created_by_staff_uuid: tech.uuid,
    });
    expect(ok.status).toBe(200);
    const uuid = ok.headers.get('x-record-uuid')!;
    const up = await send(`attachment/${uuid}.file`, PNG_3x2, {
      authorization: `Bearer ${tokens.access_token}`,
      'x-impersonate-uuid': tech.uuid,
      'content-type': 'application/octet-stream',
    });
    expect(up.status).toBe(200);
    const refused = await asTech<{ message: string }>('POST', 'attachment.json', {
      related_object: 'job',
      related_object_uuid: other.uuid,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/not allocated/);
    const listed = await asTech<Rec[]>('GET', 'attachment.json?cursor=-1');
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.every((a) => mine.has(String(a.related_object_uuid)))).toBe(true);
  });
});

describe('recorded time on site', () => {
  it('refuses a job activity that is both scheduled and recorded, as the description says it cannot be', async () => {
    const [job] = await jobs();
    const res = await api<{ message: string }>('POST', 'jobactivity.json', {
      job_uuid: job!.uuid,
      staff_uuid: staff('technician').uuid,
      start_date: '2026-03-02 09:00:00',
      end_date: '2026-03-02 10:00:00',
      activity_was_scheduled: 1,
      activity_was_recorded: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/both scheduled .* and recorded/);
  });
});
