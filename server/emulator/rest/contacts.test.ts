// Company contacts and job contacts as a client that keeps them offline reads them: every one in
// cursor pages, then those changed since a time (`edit_date gt`), which an edit moves; no webhook
// for either (the spec's list of record types with webhooks has neither).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../contracts';
import { startEmulator } from '../start';
import { createApi, filterQuery, type Api } from './test-support';

type Rec = Record<string, string | number>;
let emu: RunningEmulator;
let api: Api;
let apiKey: string;

beforeAll(async () => {
  emu = await startEmulator({ jobs: 1500, seed: 5, quiet: true, rateLimitPerMinute: 100_000, pageSize: 50 });
  apiKey = emu.info.accounts[0]!.api_key;
  api = createApi(emu.info.base_url, { apiKey });
});
afterAll(() => emu.close());

const naive = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

async function walk(type: string, filter?: string): Promise<Rec[]> {
  const out: Rec[] = [];
  let cursor: string | null = '-1';
  while (cursor !== null) {
    const page: { status: number; headers: Headers; body: Rec[] } = await api<Rec[]>(
      'GET',
      `${type}.json?cursor=${cursor}${filter ? `&${filterQuery(filter)}` : ''}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.length).toBeLessThanOrEqual(50);
    out.push(...page.body);
    cursor = page.headers.get('x-next-cursor');
  }
  return out;
}

describe.each(['companycontact', 'jobcontact'])('%s', (type) => {
  it('is read whole in cursor pages, each record once', async () => {
    const all = await walk(type);
    const listed = await emu.control.listRecords(emu.info.accounts[0]!.uuid, type);
    expect(all.length).toBe(listed.length);
    expect(all.length).toBeGreaterThan(50);
    expect(new Set(all.map((r) => r.uuid)).size).toBe(all.length);
  });

  it('answers only what changed since a time, and an edit moves its edit_date', async () => {
    const all = await walk(type);
    const first = all[0]!;
    await emu.control.advanceClock(60 * 60);
    const edited = await api('POST', `${type}/${first.uuid}.json`, { email: 'moved@example.test' });
    expect(edited.status).toBe(200);
    const after = (await api<Rec>('GET', `${type}/${first.uuid}.json`)).body;
    expect(String(after.edit_date) > String(first.edit_date)).toBe(true);
    // Half a minute before the edit, in the account's local time as edit_date is written.
    const since = naive(Date.parse(`${String(after.edit_date).replace(' ', 'T')}Z`) - 30_000);
    const changed = await walk(type, `edit_date gt '${since}'`);
    expect(changed.map((r) => r.uuid)).toEqual([first.uuid]);
  });

  it('has no webhook: a subscription is refused', async () => {
    const res = await fetch(`${emu.info.base_url}/webhook_subscriptions/object`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        object: type,
        fields: 'email',
        callback_url: 'https://example.test/hook',
        unique_id: 'u1',
      }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: `Object ${type} does not support subscription` });
  });
});
