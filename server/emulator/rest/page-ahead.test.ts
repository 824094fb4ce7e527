import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, RunningEmulator } from '../contracts';
import { startEmulator } from '../start';
import { createPageAhead, type RenderedPage } from './page-ahead';
import { createApi, type Api } from './test-support';

type Rec = Record<string, string | number>;

describe('createPageAhead', () => {
  const rendered = (text: string, next?: number): RenderedPage => ({
    body: new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>,
    next,
    renderMs: 1,
  });
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('renders after the current turn, serves a page once, and drops it once the store changes', async () => {
    let version = 0;
    const ahead = createPageAhead(() => version);
    let renders = 0;
    ahead.renderSoon('a', () => (renders++, rendered('[1]', 2)));
    ahead.renderSoon('a', () => (renders++, rendered('[1]', 2)));
    expect(ahead.take('a')).toBeUndefined();
    await tick();
    expect(renders).toBe(1);
    expect(new TextDecoder().decode(ahead.take('a')?.body)).toBe('[1]');
    expect(ahead.take('a')).toBeUndefined();

    ahead.renderSoon('b', () => rendered('[2]'));
    await tick();
    version++;
    expect(ahead.take('b')).toBeUndefined();
  });

  it('keeps a bounded number of pages', async () => {
    const ahead = createPageAhead(() => 0);
    for (let k = 0; k < 20; k++) ahead.renderSoon(`k${k}`, () => rendered(`[${k}]`));
    await tick();
    expect(ahead.take('k0')).toBeUndefined();
    expect(new TextDecoder().decode(ahead.take('k19')?.body)).toBe('[19]');
  });
});

describe('read-ahead over HTTP', () => {
  let emu: RunningEmulator;
  let account: AccountInfo;
  let admin: Api;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  beforeAll(async () => {
    emu = await startEmulator({ jobs: 3_000, seed: 5, quiet: true, rateLimitPerMinute: 100_000 });
    account = emu.info.accounts[0]!;
    admin = createApi(emu.info.base_url, { apiKey: account.api_key });
  });
  afterAll(() => emu.close());

  it('a page rendered ahead shows a change made after it was rendered', async () => {
    const first = await admin<Rec[]>('GET', 'job.json?cursor=-1');
    const cursor = first.headers.get('x-next-cursor')!;
    await settle(); // the page after it is rendered by now
    const all = await emu.control.listRecords(account.uuid, 'job');
    const onSecondPage = String(all[1_500]!.uuid);
    await emu.control.updateRecord(account.uuid, 'job', onSecondPage, { job_description: 'Changed after read-ahead' });
    const second = await admin<Rec[]>('GET', `job.json?cursor=${cursor}`);
    expect(second.body.find((j) => j.uuid === onSecondPage)?.job_description).toBe('Changed after read-ahead');
    expect(second.headers.get('server-timing')).toMatch(/page;dur=[\d.]+, render;dur=[\d.]+/);
  });

  it('a page rendered ahead for one person is never served to another', async () => {
    const tech = account.staff.find((s) => s.role === 'technician' && s.active)!;
    const asTech = createApi(emu.info.base_url, {
      token: (await emu.control.issueTokens(account.uuid, account.staff[0]!.uuid, ['read_jobs'])).access_token,
      impersonate: tech.uuid,
    });
    const first = await admin<Rec[]>('GET', 'job.json?cursor=-1');
    await settle(); // the administrator's second page is rendered ahead
    const second = await asTech<Rec[]>('GET', `job.json?cursor=${first.headers.get('x-next-cursor')}`);
    expect(second.status).toBe(200);
    const visible = new Set(await emu.control.visibleJobUuids(account.uuid, tech.uuid));
    expect(second.body.length).toBeGreaterThan(0);
    expect(second.body.every((j) => visible.has(String(j.uuid)))).toBe(true);
  });
});
