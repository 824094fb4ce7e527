import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_HEADERS } from '../../../contracts/companion-http';
import { actingAs, bearer, issuePasses, jobNotification, postJson } from '../../../tests/support/companion/feed-client';
import { startFeedServerOn, type FeedServer } from '../../../tests/support/companion/feed-server';
import { startStubPlatform, STUB_ADMIN, STUB_TECHNICIAN } from '../../../tests/support/companion/stub-platform';
import { signPass } from '../trust/pass';
import type { FeedPage } from './store/types';

const ACCOUNT = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
const TOKEN = 'token-a';
const UNKNOWN_STAFF = '99999999-0000-4000-8000-000000000099';
const TOKENS = { [TOKEN]: ACCOUNT, 'token-a2': ACCOUNT, 'token-other': OTHER, 'token-b': OTHER, 'token-c': OTHER };

let platform: Awaited<ReturnType<typeof startStubPlatform>>;
let companion: FeedServer;
let callbackUrl: string;

async function register(token: string, staff: string | null = STUB_ADMIN): Promise<Response> {
  return fetch(`${companion.url}/feed/register`, {
    method: 'POST',
    headers: staff ? actingAs(token, staff) : bearer(token),
  });
}

async function feed(query = '', token = TOKEN): Promise<FeedPage> {
  const res = await fetch(`${companion.url}/feed${query}`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return (await res.json()) as FeedPage;
}

beforeAll(async () => {
  platform = await startStubPlatform(TOKENS);
  companion = await startFeedServerOn(platform);
  await issuePasses(companion.config.signingSecret, TOKENS, [undefined, STUB_ADMIN, STUB_TECHNICIAN, UNKNOWN_STAFF]);
});

afterAll(async () => {
  await companion?.close();
  await platform?.close();
});

describe('POST /feed/register', () => {
  it.each([
    ['a technician', STUB_TECHNICIAN],
    ['a caller who names no staff member', null],
    ['a staff member the platform does not know', UNKNOWN_STAFF],
  ])('for %s: answers the position, and neither lists nor touches the subscriptions', async (_name, staff) => {
    const before = { ...platform.calls };
    const res = await register(TOKEN, staff);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      account_uuid: ACCOUNT,
      position: expect.any(String),
      refused: [],
      manages_subscriptions: false,
    });
    expect(JSON.stringify(body)).not.toContain('/webhooks/');
    expect(platform.calls.list).toBe(before.list);
    expect(platform.calls.add).toBe(before.add);
    expect(platform.subscriptions.get(ACCOUNT)).toBeUndefined();
  });

  it('takes no staff member from a header the browser writes: only the pass names one', async () => {
    const before = { ...platform.calls };
    const res = await fetch(`${companion.url}/feed/register`, {
      method: 'POST',
      headers: { ...bearer(TOKEN), 'X-Fieldside-Staff': STUB_ADMIN },
    });
    expect(await res.json()).toMatchObject({ manages_subscriptions: false });
    expect(platform.calls).toEqual(before);
  });

  it('for an administrator: creates the job, note and visit subscriptions and the new-note event, verified, pointing at the account callback', async () => {
    const res = await register(TOKEN);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { account_uuid: string; position: string; manages_subscriptions: boolean };
    expect(body.account_uuid).toBe(ACCOUNT);
    expect(typeof body.position).toBe('string');
    expect(body.manages_subscriptions).toBe(true);
    expect(JSON.stringify(body)).not.toContain('/webhooks/');
    const subs = platform.subscriptions.get(ACCOUNT)!;
    expect(
      subs.map((s) => (s.type === 'object' ? [s.object, s.unique_id, [...s.fields].sort()] : [s.event, s.unique_id])),
    ).toEqual([
      [
        'job',
        'fieldside-job',
        ['active', 'badges', 'company_uuid', 'generated_job_id', 'job_address', 'job_description', 'status'],
      ],
      ['note', 'fieldside-note', ['active', 'note', 'related_object_uuid']],
      ['jobactivity', 'fieldside-jobactivity', ['active', 'end_date', 'job_uuid', 'staff_uuid', 'start_date']],
      ['job.note_added', 'fieldside-note-added'],
    ]);
    callbackUrl = subs[0]!.callback_url;
    expect(subs.every((s) => s.callback_url === callbackUrl)).toBe(true);
    // Self-verifying: the account, its callback generation and their MAC (webhooks/callback-token.ts).
    expect(callbackUrl).toMatch(new RegExp(`^${companion.url}/webhooks/${ACCOUNT}\\.0\\.[A-Za-z0-9_-]{43}$`));
  });

  it('is idempotent and free: registering again asks the platform nothing (no role, no list), another token of the account too', async () => {
    const before = { ...platform.calls };
    expect((await register(TOKEN)).status).toBe(200);
    expect((await register('token-a2')).status).toBe(200);
    expect((await register(TOKEN, STUB_TECHNICIAN)).status).toBe(200);
    // The companion remembers the subscriptions it made: the account's request budget is spent on neither the
    // caller's role nor the list while they are in place.
    expect({ add: platform.calls.add, list: platform.calls.list, staff: platform.calls.staff }).toEqual({
      add: before.add,
      list: before.list,
      staff: before.staff,
    });
    expect(platform.subscriptions.get(ACCOUNT)).toHaveLength(4);
  });

  it('repairs a subscription that was deactivated or changed, and only that one, once its memory is due a recheck', async () => {
    const rechecking = await startFeedServerOn(platform, { limits: { subscriptionsRecheckMs: 0 } });
    try {
      const registerThere = () =>
        fetch(`${rechecking.url}/feed/register`, { method: 'POST', headers: actingAs(TOKEN, STUB_ADMIN) });
      expect((await registerThere()).status).toBe(200);
      const subs = platform.subscriptions.get(ACCOUNT)!;
      subs[0]!.active = false;
      const note = subs[1]!;
      if (note.type === 'object') note.fields = ['note'];
      subs[2]!.active = false;
      const adds = platform.calls.add;
      expect((await registerThere()).status).toBe(200);
      expect(platform.calls.add).toBe(adds + 3);
      expect(
        platform.subscriptions.get(ACCOUNT)!.every((s) => s.active && (s.type === 'event' || s.fields.length > 1)),
      ).toBe(true);
      expect((await registerThere()).status).toBe(200);
      expect(platform.calls.add).toBe(adds + 3);
    } finally {
      await rechecking.close();
    }
  });

  it('once due a check, asks no role of anyone but the administrator who made them, who checks them again', async () => {
    const rechecking = await startFeedServerOn(platform, { limits: { subscriptionsRecheckMs: 0 } });
    try {
      const registerThere = (staff: string) =>
        fetch(`${rechecking.url}/feed/register`, { method: 'POST', headers: actingAs(TOKEN, staff) });
      expect(await (await registerThere(STUB_ADMIN)).json()).toMatchObject({ manages_subscriptions: true });
      const before = { ...platform.calls };
      // Every other browser of the account wakes (their memory is due, always here): nothing reaches the platform.
      for (let i = 0; i < 3; i++)
        expect(await (await registerThere(STUB_TECHNICIAN)).json()).toMatchObject({ manages_subscriptions: false });
      expect(platform.calls).toEqual(before);
      // The administrator's own wake checks them (role and list).
      expect(await (await registerThere(STUB_ADMIN)).json()).toMatchObject({ manages_subscriptions: true });
      expect(platform.calls.list).toBe(before.list + 1);
    } finally {
      await rechecking.close();
    }
  });

  it('gives each account its own callback token', async () => {
    expect((await register('token-other')).status).toBe(200);
    const other = platform.subscriptions.get(OTHER)![0]!.callback_url;
    expect(other).not.toBe(callbackUrl);
  });
});

describe('POST /feed/rotate', () => {
  const rotate = (token: string, staff: string) =>
    fetch(`${companion.url}/feed/rotate`, { method: 'POST', headers: actingAs(token, staff) });
  const challenge = (url: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mode=subscribe&challenge=abc',
    });

  it("refuses a technician, and the account's callback stays as it was", async () => {
    const res = await rotate('token-b', STUB_TECHNICIAN);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: 'not_administrator',
      message: expect.stringMatching(/administrator/),
    });
    // Nobody vouched for: not even asked.
    const unpaired = await fetch(`${companion.url}/feed/rotate`, { method: 'POST', headers: bearer('token-b') });
    expect(unpaired.status).toBe(403);
    expect(await unpaired.json()).toMatchObject({ error: 'identity_required' });
    expect(
      (await postJson(platform.subscriptions.get(OTHER)![0]!.callback_url, jobNotification(platform.baseUrl))).status,
    ).toBe(200);
  });

  it('moves every subscription to a new callback URL and refuses the old one from then on', async () => {
    const old = platform.subscriptions.get(OTHER)![0]!.callback_url;
    const res = await rotate('token-b', STUB_ADMIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ refused: [], retired: true });
    const moved = platform.subscriptions.get(OTHER)!;
    expect(moved.map((s) => s.unique_id).sort()).toEqual([
      'fieldside-job',
      'fieldside-jobactivity',
      'fieldside-note',
      'fieldside-note-added',
    ]);
    const fresh = moved[0]!.callback_url;
    expect(fresh).not.toBe(old);
    expect(moved.every((s) => s.callback_url === fresh && s.active)).toBe(true);

    // The old URL: refused for notifications and challenges alike, and nothing reaches the feed through it.
    const start = (await feed('', 'token-b')).position;
    const stale = jobNotification(platform.baseUrl);
    const refused = await postJson(old, stale);
    expect(refused.status).toBe(404);
    expect((await challenge(old)).status).toBe(404);
    const accepted = jobNotification(platform.baseUrl);
    expect((await postJson(fresh, accepted)).status).toBe(200);
    expect((await challenge(fresh)).status).toBe(200);
    expect((await feed(`?after=${start}`, 'token-b')).changes.map((c) => c.uuid)).toEqual([accepted.entry[0]!.uuid]);

    // Registering again keeps the new URL: the account's current token is the new one.
    const adds = platform.calls.add;
    expect((await register('token-b')).status).toBe(200);
    expect(platform.calls.add).toBe(adds);
  });
});

describe('authentication', () => {
  it.each([
    ['no Authorization header', {}, 'invalid_token'],
    ['a non-Bearer scheme', { authorization: 'Basic abc' }, 'invalid_token'],
    ['a token with no pass', { authorization: 'Bearer token-nobody' }, 'invalid_pass'],
    [
      'a pass of another token',
      { authorization: 'Bearer token-nobody', [COMPANION_HEADERS.pass]: bearer(TOKEN)[COMPANION_HEADERS.pass]! },
      'invalid_pass',
    ],
  ])('answers 401 in words for %s, and asks the platform nothing', async (_name, headers, error) => {
    const before = { ...platform.calls };
    for (const path of ['/feed', '/feed/stream', '/feed/register', '/feed/rotate']) {
      const res = await fetch(`${companion.url}${path}`, {
        method: path.endsWith('register') || path.endsWith('rotate') ? 'POST' : 'GET',
        headers,
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error, message: expect.stringMatching(/[Ss]ign in/) });
    }
    expect(platform.calls).toEqual(before);
  });

  it('refuses a pass of another key, or past its expiry', async () => {
    const forged = await signPass('another-companion-signing-secret-0123456789', {
      account: ACCOUNT,
      accessToken: TOKEN,
      expiresAtMs: Date.now() + 60_000,
    });
    const expired = await signPass(companion.config.signingSecret, {
      account: ACCOUNT,
      accessToken: TOKEN,
      expiresAtMs: Date.now() - 1_000,
    });
    for (const pass of [forged, expired]) {
      const res = await fetch(`${companion.url}/feed`, {
        headers: { authorization: `Bearer ${TOKEN}`, [COMPANION_HEADERS.pass]: pass },
      });
      expect(res.status).toBe(401);
    }
  });

  it('never asks the platform whose a token is: the pass says', async () => {
    const before = platform.calls.vendor;
    await Promise.all(Array.from({ length: 10 }, () => feed('', 'token-c')));
    expect(platform.calls.vendor).toBe(before);
  });

  it('never shows one account the feed of another', async () => {
    const n = jobNotification(platform.baseUrl);
    await postJson(callbackUrl, n);
    expect((await feed()).changes.some((c) => c.uuid === n.entry[0]!.uuid)).toBe(true);
    expect((await feed('', 'token-b')).changes.some((c) => c.uuid === n.entry[0]!.uuid)).toBe(false);
  });
});

describe('GET /feed', () => {
  it('catches up from a position, in order, and pages with limit', async () => {
    const start = (await feed()).position;
    const sent = [];
    for (let i = 0; i < 5; i++) {
      const n = jobNotification(platform.baseUrl);
      sent.push(n.entry[0]!.uuid);
      expect((await postJson(callbackUrl, n)).status).toBe(200);
    }
    const first = await feed(`?after=${start}&limit=2`);
    expect(first.changes.map((c) => c.uuid)).toEqual(sent.slice(0, 2));
    const rest = await feed(`?after=${first.position}`);
    expect(rest.changes.map((c) => c.uuid)).toEqual(sent.slice(2));
    const none = await feed(`?after=${rest.position}`);
    expect(none).toEqual({ changes: [], position: rest.position, gap: false });
  });

  it('rejects a position it never handed out, and a bad limit', async () => {
    for (const query of ['?after=banana', '?limit=0', '?limit=5000']) {
      const res = await fetch(`${companion.url}/feed${query}`, { headers: bearer(TOKEN) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
  });
});
