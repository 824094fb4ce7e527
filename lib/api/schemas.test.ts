import { describe, expect, it } from 'vitest';
import * as f from './fields';
import { parseJob } from './job-fast-parse';
import {
  CompanySchema,
  JobSchema,
  jobRecord,
  noteRecord,
  TokenResponseSchema,
  WebhookNotificationSchema,
  WebhookSubscriptionSchema,
} from './schemas';

const U1 = '0b7e4c1a-1111-4a2b-9c3d-1234567890ab';
const U2 = 'F0E1D2C3-2222-4B5A-8C7D-ABCDEF012345';

describe('field readers: the real platform quirks', () => {
  it.each([
    ['blank datetime', f.date, '0000-00-00 00:00:00', null],
    ['blank date', f.date, '0000-00-00', null],
    ['empty date', f.date, '', null],
    ['null date', f.date, null, null],
    ['datetime kept', f.date, '2026-03-01 12:00:00', '2026-03-01 12:00:00'],
    ['date kept', f.date, '2026-03-01', '2026-03-01'],
    ['number 1', f.flag, 1, true],
    ['number 0', f.flag, 0, false],
    ['string "1"', f.flag, '1', true],
    ['string "0"', f.flag, '0', false],
    ['boolean true', f.flag, true, true],
    ['boolean false', f.flag, false, false],
    ['blank flag', f.flag, '', false],
    ['missing active', f.active, undefined, true],
    ['active "0"', f.active, '0', false],
    ['badges JSON string', f.badges, `["${U1}","${U2}"]`, [U1, U2.toLowerCase()]],
    ['badges empty string', f.badges, '', []],
    ['badges "[]"', f.badges, '[]', []],
    ['badges array', f.badges, [U1], [U1]],
    ['number as string', f.num, '123.45', 123.45],
    ['number', f.num, -33.8, -33.8],
    ['blank number', f.num, '', null],
    ['text null', f.text, null, ''],
    ['text number', f.text, 1042, '1042'],
    ['blank ref', f.ref, '', null],
    ['ref uppercased', f.ref, U2, U2.toLowerCase()],
    ['fields csv', f.stringList, 'status, badges', ['status', 'badges']],
  ] as Array<[string, f.Field<unknown>, unknown, unknown]>)('%s', (_label, field, input, output) => {
    expect(field.read(input)).toEqual(output);
  });

  it.each([
    ['bad date', f.date, '01/03/2026'],
    ['date as number', f.date, 20260301],
    ['flag 2', f.flag, 2],
    ['flag "yes"', f.flag, 'yes'],
    ['badges not JSON', f.badges, '[abc'],
    ['badges not uuids', f.badges, '["x"]'],
    ['badges object', f.badges, '{"a":1}'],
    ['number text', f.num, 'twelve'],
    ['number NaN', f.num, Number.NaN],
    ['text object', f.text, { a: 1 }],
    ['uuid missing', f.uuid, undefined],
    ['uuid malformed', f.uuid, 'not-a-uuid'],
    ['ref malformed', f.ref, '123'],
  ] as Array<[string, f.Field<unknown>, unknown]>)('rejects %s', (_label, field, input) => {
    expect(field.read(input)).toBe(f.INVALID);
  });
});

const platformJob = {
  uuid: U1,
  active: 1,
  edit_date: '2026-03-01 12:00:00',
  generated_job_id: '1042',
  status: 'Work Order',
  date: '2026-03-01',
  company_uuid: U2,
  job_address: '1 Main St',
  job_description: 'Leaking tap',
  work_done_description: null,
  purchase_order_number: '',
  category_uuid: '',
  queue_uuid: '',
  created_by_staff_uuid: U1,
  geo_is_valid: '1',
  lat: '-33.86',
  lng: 151.2,
  badges: `["${U2}"]`,
  total_invoice_amount: '250.00',
  completion_date: '0000-00-00 00:00:00',
  billing_address: 'dropped: not kept',
  payment_note: 'dropped too',
};

describe('record schemas', () => {
  it('reads a platform job and keeps only the fields Fieldside uses', () => {
    const job = JobSchema.parse(platformJob);
    expect(job).toEqual({
      uuid: U1,
      active: true,
      edit_date: '2026-03-01 12:00:00',
      generated_job_id: '1042',
      status: 'Work Order',
      date: '2026-03-01',
      company_uuid: U2.toLowerCase(),
      job_address: '1 Main St',
      job_description: 'Leaking tap',
      work_done_description: '',
      purchase_order_number: '',
      category_uuid: null,
      queue_uuid: null,
      created_by_staff_uuid: U1,
      geo_is_valid: true,
      lat: -33.86,
      lng: 151.2,
      badges: [U2.toLowerCase()],
      total_invoice_amount: 250,
      completion_date: null,
    });
    expect(job).not.toHaveProperty('billing_address');
  });

  // The fast parser and the zod schema are built from the same readers; this holds them to the same answers.
  const variants: Array<[string, Record<string, unknown>]> = [
    ['as sent', platformJob],
    ['all numbers as strings', { ...platformJob, active: '1', lat: '1', lng: '2', geo_is_valid: '0' }],
    ['minimal', { uuid: U1 }],
    ['bad badges', { ...platformJob, badges: 'oops' }],
    ['bad date', { ...platformJob, edit_date: 'yesterday' }],
    ['no uuid', { ...platformJob, uuid: undefined }],
    ['booleans', { ...platformJob, active: false, geo_is_valid: true }],
    ['bad lat', { ...platformJob, lat: {} }],
  ];
  it.each(variants)('fast parsers agree with zod: %s', (_label, raw) => {
    const slow = JobSchema.safeParse(raw);
    for (const fast of [jobRecord.parse(raw), parseJob(raw)]) {
      expect(fast.ok).toBe(slow.success);
      if (fast.ok && slow.success) expect(fast.value).toEqual(slow.data);
    }
  });

  it('the hand-written job parser reads every field of the job schema, in the same order', () => {
    const value = parseJob(platformJob);
    expect(value.ok && Object.keys(value.value)).toEqual(Object.keys(JobSchema.parse(platformJob)));
  });

  it('fast parsers agree with zod on 2,000 generated variations', () => {
    // Deterministic mutations: each field of a valid job in turn takes one of the tricky values.
    const tricky = [
      null,
      undefined,
      '',
      0,
      1,
      '0',
      '1',
      true,
      'x',
      '12.5',
      '0000-00-00 00:00:00',
      '2026-01-02',
      U1,
      U2,
      '[]',
      `["${U1}"]`,
      '[1]',
      [],
      [U2],
      {},
      Number.NaN,
      3.5,
    ];
    const keys = Object.keys(platformJob);
    for (let i = 0; i < 2000; i++) {
      const raw: Record<string, unknown> = { ...platformJob };
      raw[keys[i % keys.length]!] = tricky[(i * 7) % tricky.length];
      raw[keys[(i * 3) % keys.length]!] = tricky[(i * 11) % tricky.length];
      const slow = JobSchema.safeParse(raw);
      for (const fast of [jobRecord.parse(raw), parseJob(raw)]) {
        expect(fast.ok).toBe(slow.success);
        if (fast.ok && slow.success) expect(fast.value).toEqual(slow.data);
      }
    }
  });

  it('reports the uuid and the field of a skipped record', () => {
    const result = noteRecord.parse({ uuid: U1, note: 'x', action_required: 'maybe' });
    expect(result).toEqual({ ok: false, skipped: { uuid: U1, reason: expect.stringContaining('action_required') } });
    expect(jobRecord.parse('nope')).toEqual({
      ok: false,
      skipped: { uuid: null, reason: expect.stringContaining('not an object') },
    });
    expect(jobRecord.parse([platformJob]).ok).toBe(false);
  });

  it('reads companies with is_individual and badges quirks', () => {
    const company = CompanySchema.parse({ uuid: U1, name: 'ACME', is_individual: '0', badges: '' });
    expect(company).toMatchObject({ name: 'ACME', is_individual: false, badges: [], active: true, edit_date: null });
  });
});

describe('answers', () => {
  it('webhook subscription and notification', () => {
    const sub = WebhookSubscriptionSchema.parse({
      type: 'object',
      object: 'job',
      callback_url: 'https://example.test/hook/abc',
      fields: ['status', 'badges'],
      unique_id: 'fs',
      active: 1,
      last_failure_reason: null,
      last_failure_at: null,
    });
    expect(sub.active).toBe(true);
    expect(sub.type === 'object' && sub.fields).toEqual(['status', 'badges']);
    // The platform lists event subscriptions beside them: no object, no fields.
    const event = WebhookSubscriptionSchema.parse({
      type: 'event',
      event: 'job.note_added',
      callback_url: 'https://example.test/hook/abc',
      unique_id: 'fs-notes',
      active: '1',
      last_failure_reason: null,
      last_failure_at: null,
    });
    expect(event).toMatchObject({ type: 'event', event: 'job.note_added', active: true });
    expect(
      WebhookSubscriptionSchema.safeParse({ type: 'event', callback_url: 'https://example.test/x', active: 1 }).success,
    ).toBe(false);
    const note = WebhookNotificationSchema.parse({
      object: 'job',
      entry: [{ changed_fields: ['status'], time: '2026-03-01 01:02:03', uuid: U1 }],
      resource_url: `http://127.0.0.1:1/api_1.0/job/${U1}.json`,
    });
    expect(note.entry[0]?.uuid).toBe(U1);
    expect(WebhookNotificationSchema.safeParse({ ...note, entry: [] }).success).toBe(false);
  });

  it('token response', () => {
    const ok = TokenResponseSchema.parse({
      access_token: 'a',
      token_type: 'bearer',
      expires_in: '3600',
      scope: 'read_jobs vendor',
      refresh_token: 'r',
    });
    expect(ok.expires_in).toBe(3600);
    expect(
      TokenResponseSchema.safeParse({ access_token: 'a', token_type: 'mac', expires_in: 1, refresh_token: 'r' })
        .success,
    ).toBe(false);
  });
});
