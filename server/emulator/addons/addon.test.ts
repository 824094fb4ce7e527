// The emulator hosting an add-on, over real HTTP: a test add-on on 127.0.0.1 records what the platform posts.
// Choosing an action signs the event with the app's secret; only accounts that activated the app see actions;
// invoke goes only through the web app's sign-in; every failure of the add-on gets the platform's plain message.
import { verify } from 'hono/jwt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, StaffInfo } from '../contracts';
import { startEmulator, type StartedEmulator } from '../start';
import { signIn, type WebSession } from '../web/web-test-support';
import { EVENT_LIFETIME_SECONDS } from './event-token';
import { jwtPayload, startTestAddon, TEST_MANIFEST, type TestAddon } from './test-addon';

type Rec = Record<string, string | number>;
let addon: TestAddon;
let emu: StartedEmulator;
let account: AccountInfo;
let other: AccountInfo;
let technician: StaffInfo;
let web: WebSession;
let job: Rec;
let defaultAnswer: TestAddon['answer'];

const NOT_RESPONDING = 'The add-on Job Helper is not responding. Try again in a moment.';
const decode = (text: string) => text.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
const srcdocOf = (html: string) => decode(/srcdoc="([^"]*)"/.exec(html)?.[1] ?? '');
const messageOf = (html: string) => decode(/<p class="x-window-message addon-message" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? '');

/** What the web app's page sends: a POST from its own origin, with its sign-in cookie. */
const post = (session: WebSession | undefined, path: string, init: { body?: string; contentType?: string; origin?: string } = {}) =>
  fetch(`${emu.info.web_url}${path}`, {
    method: 'POST',
    headers: {
      origin: init.origin ?? emu.info.web_url,
      ...(session ? { cookie: session.cookie } : {}),
      ...(init.contentType ? { 'content-type': init.contentType } : {}),
    },
    body: init.body,
  });
const choose = (session: WebSession, jobUuid: string, event = 'job_helper_open') => post(session, `/app/job/${jobUuid}/addon/${event}`);
const invoke = (session: WebSession | undefined, body: string, contentType = 'application/json', origin?: string) =>
  post(session, '/app/addon/invoke', { body, contentType, origin });
const addonEventsIn = (html: string) => [...html.matchAll(/data-addon-event="([^"]+)"/g)].map((m) => m[1]);

beforeAll(async () => {
  addon = await startTestAddon(() => emu.info.web_url);
  defaultAnswer = addon.answer;
  emu = await startEmulator({ jobs: 60, seed: 20, quiet: true, addon: { eventUrl: addon.eventUrl, manifest: TEST_MANIFEST, timeoutMs: 400 } });
  [account, other] = emu.info.accounts as [AccountInfo, AccountInfo];
  technician = account.staff.find((s) => s.role === 'technician' && s.active)!;
  const admin = account.staff.find((s) => s.role === 'administrator')!;
  // The administrator activates the app for the account (a consent, as issueTokens records it).
  await emu.control.issueTokens(account.uuid, admin.uuid, ['read_jobs']);
  web = await signIn(emu.info.web_url, account, technician);
  const mine = await emu.control.visibleJobUuids(account.uuid, technician.uuid);
  job = (await emu.control.listRecords(account.uuid, 'job')).find((j) => j.uuid === mine[0]) as Rec;
});
afterEach(() => {
  addon.received.length = 0;
  addon.answer = defaultAnswer;
});
afterAll(async () => {
  await emu?.close();
  await addon?.close();
});

describe('registering an add-on', () => {
  it('names its event URL in the start line, and refuses a bad manifest with words that say what is wrong', async () => {
    expect(emu.info.app.addon_event_url).toBe(addon.eventUrl);
    const bad = { ...TEST_MANIFEST, actions: [{ name: 'X', type: 'desktop', entity: 'job', event: 'x' }] };
    await expect(startEmulator({ jobs: 5, quiet: true, addon: { eventUrl: addon.eventUrl, manifest: bad as never } })).rejects.toThrow(
      /Bad add-on registration \(at manifest\.actions\.0\.type\): an action's type is "online" \(the web app\) or "app" \(the mobile apps\)/,
    );
    await expect(startEmulator({ jobs: 5, quiet: true, addon: { eventUrl: 'not a url', manifest: TEST_MANIFEST } })).rejects.toThrow(/at eventUrl/);
    const plain = await startEmulator({ jobs: 5, quiet: true });
    try {
      expect(plain.info.app).not.toHaveProperty('addon_event_url');
    } finally {
      await plain.close();
    }
  });
});

describe('choosing an action', () => {
  it('posts a JWT signed HS256 with the app secret, naming the account, the signed-in staff member and the job', async () => {
    const res = await choose(web, String(job.uuid));
    expect(res.status).toBe(200);
    expect(addon.received).toHaveLength(1);
    const [event] = addon.received;
    expect(event!.contentType).toBe('text/plain');
    const token = event!.body;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = await verify(token, emu.info.app.client_secret, 'HS256');
    expect(payload).toEqual({
      eventVersion: '1.0',
      eventName: 'job_helper_open',
      auth: { accountUUID: account.uuid, staffUUID: technician.uuid },
      eventArgs: { jobUUID: job.uuid },
      iat: expect.any(Number),
      exp: (payload.iat as number) + EVENT_LIFETIME_SECONDS,
    });
    expect(Math.abs((payload.iat as number) - (await emu.control.now()) / 1000)).toBeLessThan(5);
    await expect(verify(token, 'another secret', 'HS256')).rejects.toThrow();
  });

  it("answers a window titled with the action's name, the add-on's HTML in a sandboxed frame's srcdoc", async () => {
    const html = await (await choose(web, String(job.uuid))).text();
    expect(html).toMatch(/^<div class="x-window addon-window" id="addon-window-[^"]+" data-addon-job-uuid="/);
    expect(html).toContain('<span class="x-window-header-text" id="addon-window-');
    expect(html).toContain('>Job Helper</span>');
    expect(html).toContain('sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"');
    expect(html).not.toMatch(/allow-same-origin|allow-top-navigation/);
    // The add-on's HTML lives only inside the attribute: no tag of it is the web app's own.
    expect(html).not.toContain('<button id="load"');
    expect(srcdocOf(html)).toContain(`You opened job ${job.uuid}`);
  });

  it("renders an add-on's own error page, and its plain message when the add-on answers no HTML or nothing in time", async () => {
    addon.answer = () => ({ status: 409, body: '<p>This job is locked by the office.</p>' });
    expect(srcdocOf(await (await choose(web, String(job.uuid))).text())).toBe('<p>This job is locked by the office.</p>');
    const nothingToShow: TestAddon['answer'][] = [
      () => ({ contentType: 'application/json', body: '{"error":"nope"}' }),
      () => ({ status: 302, body: '' }),
      () => ({ body: '', hang: true }),
    ];
    for (const answer of nothingToShow) {
      addon.answer = answer;
      const html = await (await choose(web, String(job.uuid))).text();
      expect(messageOf(html)).toBe(NOT_RESPONDING);
      expect(html).not.toContain('<iframe');
    }
  });

  it('shows the plain message when the add-on cannot be reached', async () => {
    const gone = await startTestAddon(() => '');
    const url = gone.eventUrl;
    await gone.close();
    const emu2 = await startEmulator({ jobs: 10, quiet: true, addon: { eventUrl: url, manifest: TEST_MANIFEST } });
    try {
      const acc = emu2.info.accounts[0]!;
      const office = acc.staff.find((s) => s.role === 'office')!;
      await emu2.control.issueTokens(acc.uuid, office.uuid, ['read_jobs']);
      const session = await signIn(emu2.info.web_url, acc, office);
      const someJob = (await emu2.control.listRecords(acc.uuid, 'job'))[0]!;
      const res = await fetch(`${emu2.info.web_url}/app/job/${String(someJob.uuid)}/addon/job_helper_open`, {
        method: 'POST',
        headers: { origin: emu2.info.web_url, cookie: session.cookie },
      });
      expect(res.status).toBe(200);
      expect(messageOf(await res.text())).toBe(NOT_RESPONDING);
    } finally {
      await emu2.close();
    }
  });

  it('is refused to a page on another origin, to a browser not signed in, and for a job the person may not see', async () => {
    const foreign = await post(web, `/app/job/${String(job.uuid)}/addon/job_helper_open`, { origin: 'http://127.0.0.1:1' });
    expect(foreign.status).toBe(403);
    expect((await post(undefined, `/app/job/${String(job.uuid)}/addon/job_helper_open`)).status).toBe(401);
    const mine = new Set(await emu.control.visibleJobUuids(account.uuid, technician.uuid));
    const theirs = (await emu.control.listRecords(account.uuid, 'job')).find((j) => !mine.has(String(j.uuid)))!;
    expect((await choose(web, String(theirs.uuid))).status).toBe(404);
    expect((await choose(web, String(job.uuid), 'client_helper')).status).toBe(404);
    expect(addon.received).toEqual([]);
  });
});

describe('who sees the actions', () => {
  it('only an account that activated the app: the job window shows the web actions to it, none to another', async () => {
    expect(addonEventsIn((await web.get(`/app/job/${String(job.uuid)}`)).html)).toEqual(['job_helper_open']);
    const stranger = await signIn(emu.info.web_url, other, other.staff.find((s) => s.role === 'office')!);
    const theirJob = (await emu.control.listRecords(other.uuid, 'job'))[0]!;
    expect(addonEventsIn((await stranger.get(`/app/job/${String(theirJob.uuid)}`)).html)).toEqual([]);
    expect((await choose(stranger, String(theirJob.uuid))).status).toBe(404);
    expect((await invoke(stranger, JSON.stringify({ eventName: 'load_job_data', args: {} }))).status).toBe(403);
    expect(addon.received).toEqual([]);
  });

  it('not once the account disables the add-on', async () => {
    const emu2 = await startEmulator({ jobs: 10, seed: 21, quiet: true, addon: { eventUrl: addon.eventUrl, manifest: TEST_MANIFEST } });
    try {
      const acc = emu2.info.accounts[0]!;
      const office = acc.staff.find((s) => s.role === 'office')!;
      const session = await signIn(emu2.info.web_url, acc, office);
      const someJob = String((await emu2.control.listRecords(acc.uuid, 'job'))[0]!.uuid);
      expect(addonEventsIn((await session.get(`/app/job/${someJob}`)).html)).toEqual([]);
      await emu2.control.issueTokens(acc.uuid, office.uuid, ['read_jobs']);
      expect(addonEventsIn((await session.get(`/app/job/${someJob}`)).html)).toEqual(['job_helper_open']);
      await emu2.control.revokeAccess(acc.uuid);
      expect(addonEventsIn((await session.get(`/app/job/${someJob}`)).html)).toEqual([]);
    } finally {
      await emu2.close();
    }
  });
});

describe('invoke', () => {
  it('posts a follow-up event as the same person, with the window’s arguments, and answers the add-on’s text', async () => {
    const res = await invoke(web, JSON.stringify({ eventName: 'Load_Job_Data', args: { jobUUID: job.uuid, note: 'x' } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, response: `data of ${String(job.uuid)}` });
    const payload = await verify(addon.received[0]!.body, emu.info.app.client_secret, 'HS256');
    expect(payload).toMatchObject({
      eventVersion: '1.0',
      eventName: 'load_job_data',
      auth: { accountUUID: account.uuid, staffUUID: technician.uuid },
      eventArgs: { jobUUID: job.uuid, note: 'x' },
    });
  });

  it('is refused without a web sign-in, from another origin, and with a body that is not a JSON object', async () => {
    const good = JSON.stringify({ eventName: 'load_job_data', args: {} });
    expect((await invoke(undefined, good)).status).toBe(401);
    expect((await invoke(web, good, 'application/json', 'null')).status).toBe(403);
    const refusals: Array<[string, string, number]> = [
      [JSON.stringify({ eventName: 'load_job_data', args: [1, 2] }), 'application/json', 400],
      [JSON.stringify({ eventName: 'load_job_data', args: 'text' }), 'application/json', 400],
      [JSON.stringify(['load_job_data']), 'application/json', 400],
      ['{not json', 'application/json', 400],
      [good, 'text/plain', 400],
      [JSON.stringify({ eventName: 'load job data!', args: {} }), 'application/json', 400],
      [JSON.stringify({ eventName: 'load_job_data', args: { blob: 'x'.repeat(20_000) } }), 'application/json', 413],
    ];
    for (const [body, type, status] of refusals) {
      const res = await invoke(web, body, type);
      expect(res.status, body.slice(0, 60)).toBe(status);
      const reply = (await res.json()) as { ok: boolean; message: string };
      expect(reply.ok).toBe(false);
      expect(reply.message).not.toMatch(/POST|\/app\/|\b4\d\d\b/);
    }
    expect(await (await invoke(web, JSON.stringify({ eventName: 'load_job_data', args: [] }))).json()).toEqual({
      ok: false,
      message: 'The arguments must be a JSON object.',
    });
    expect(addon.received).toEqual([]);
  });

  it('answers a failure, not the add-on’s page, when the add-on answers an error or nothing', async () => {
    addon.answer = () => ({ status: 500, body: '<p>boom</p>' });
    expect(await (await invoke(web, JSON.stringify({ eventName: 'x', args: {} }))).json()).toEqual({ ok: false, message: 'The add-on Job Helper could not do that just now.' });
    addon.answer = () => ({ body: '', hang: true });
    expect(await (await invoke(web, JSON.stringify({ eventName: 'x', args: {} }))).json()).toEqual({ ok: false, message: NOT_RESPONDING });
  });
});

describe('the client SDK', () => {
  it('is served at /sdk/1.0/ for an opaque-origin frame, addressing the web app’s origin only', async () => {
    const js = await fetch(`${emu.info.web_url}/sdk/1.0/sdk.js`);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('access-control-allow-origin')).toBe('*');
    expect(js.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const text = await js.text();
    expect(text).toContain(`var PLATFORM = ${JSON.stringify(emu.info.web_url)};`);
    expect(text).toContain('window.SMClient = { init:');
    const css = await fetch(`${emu.info.web_url}/sdk/1.0/sdk.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the phone view', () => {
  it('is chosen by ?device=phone, kept for the session, and offers the mobile apps’ actions instead of the web’s', async () => {
    const phone = await signIn(emu.info.web_url, account, technician);
    const first = await fetch(`${emu.info.web_url}/?device=phone`, { headers: { cookie: phone.cookie } });
    const deviceCookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(deviceCookie).toBe('emu_device=phone');
    expect(first.headers.get('set-cookie')).not.toMatch(/expires|max-age/i);
    expect(await first.text()).toContain('<body class="x-body device-phone">');
    const cookie = `${phone.cookie}; ${deviceCookie}`;
    const again = await (await fetch(`${emu.info.web_url}/`, { headers: { cookie } })).text();
    expect(again).toContain('<body class="x-body device-phone">');
    expect(again).toContain('>Desktop view</a>');
    const card = await (await fetch(`${emu.info.web_url}/app/job/${String(job.uuid)}`, { headers: { cookie } })).text();
    expect(addonEventsIn(card)).toEqual(['job_helper_mobile']);
    const onPhone = (event: string) =>
      fetch(`${emu.info.web_url}/app/job/${String(job.uuid)}/addon/${event}`, { method: 'POST', headers: { origin: emu.info.web_url, cookie } });
    expect((await onPhone('job_helper_open')).status).toBe(404);
    const opened = await onPhone('job_helper_mobile');
    expect(opened.status).toBe(200);
    expect((await opened.text())).toContain('>Job Helper Mobile</span>');
    expect(jwtPayload(addon.received.at(-1)!.body)).toMatchObject({ eventName: 'job_helper_mobile', eventArgs: { jobUUID: job.uuid } });
  });
});
