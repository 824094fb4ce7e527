// The add-on window's follow-up events over real HTTP (invoke, only through the web app's sign-in), the client SDK
// as an opaque-origin frame loads it, and the phone view's mobile actions.
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { signIn, type WebSession } from '../web/web-test-support';
import { addonEventsIn, NOT_RESPONDING, pagePost, useHostedAddon } from './hosted-addon-fixture';
import { jwtPayload } from './test-addon';

const scene = useHostedAddon();
const invoke = (session: WebSession | undefined, body: string, contentType = 'application/json', origin?: string) =>
  pagePost(scene, session, '/app/addon/invoke', { body, contentType, origin });

describe('invoke', () => {
  it('posts a follow-up event as the same person, with the window’s arguments, and answers the add-on’s eventResponse', async () => {
    const res = await invoke(
      scene.web,
      JSON.stringify({ eventName: 'Load_Job_Data', args: { jobUUID: scene.job.uuid, note: 'x' } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, response: `data of ${String(scene.job.uuid)}` });
    const secret = new TextEncoder().encode(scene.emu.info.app.client_secret);
    const { payload } = await jwtVerify(scene.addon.received[0]!.body, secret, { algorithms: ['HS256'] });
    expect(Object.keys(payload).sort()).toEqual(['auth', 'eventArgs', 'eventName', 'eventVersion']);
    expect(payload).toMatchObject({
      eventVersion: '1.0',
      eventName: 'load_job_data',
      auth: { accountUUID: scene.account.uuid, staffUUID: scene.technician.uuid },
      eventArgs: { jobUUID: scene.job.uuid, note: 'x' },
    });
  });

  it('is refused without a web sign-in, from another origin, and with a body that is not a JSON object', async () => {
    const good = JSON.stringify({ eventName: 'load_job_data', args: {} });
    expect((await invoke(undefined, good)).status).toBe(401);
    expect((await invoke(scene.web, good, 'application/json', 'null')).status).toBe(403);
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
      const res = await invoke(scene.web, body, type);
      expect(res.status, body.slice(0, 60)).toBe(status);
      const reply = (await res.json()) as { ok: boolean; message: string };
      expect(reply.ok).toBe(false);
      expect(reply.message).not.toMatch(/POST|\/app\/|\b4\d\d\b/);
    }
    expect(await (await invoke(scene.web, JSON.stringify({ eventName: 'load_job_data', args: [] }))).json()).toEqual({
      ok: false,
      message: 'The arguments must be a JSON object.',
    });
    expect(scene.addon.received).toEqual([]);
  });

  it('answers "" for a 2xx answer without an eventResponse (raw text is not the platform’s to pass on)', async () => {
    scene.addon.answer = () => ({ contentType: 'text/plain', body: 'plain text' });
    expect(await (await invoke(scene.web, JSON.stringify({ eventName: 'x', args: {} }))).json()).toEqual({
      ok: true,
      response: '',
    });
  });

  it('answers a failure, not the add-on’s page, when the add-on answers an error or nothing', async () => {
    scene.addon.answer = () => ({ status: 500, body: '<p>boom</p>' });
    expect(await (await invoke(scene.web, JSON.stringify({ eventName: 'x', args: {} }))).json()).toEqual({
      ok: false,
      message: 'The add-on Job Helper could not do that just now.',
    });
    scene.addon.answer = () => ({ body: '', hang: true });
    expect(await (await invoke(scene.web, JSON.stringify({ eventName: 'x', args: {} }))).json()).toEqual({
      ok: false,
      message: NOT_RESPONDING,
    });
  });
});

describe('the client SDK', () => {
  it('is served at /sdk/1.0/ for an opaque-origin frame, addressing the web app’s origin only', async () => {
    const js = await fetch(`${scene.emu.info.web_url}/sdk/1.0/sdk.js`);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('access-control-allow-origin')).toBe('*');
    expect(js.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const text = await js.text();
    expect(text).toContain(`var PLATFORM = ${JSON.stringify(scene.emu.info.web_url)};`);
    expect(text).toContain('window.SMClient = { init:');
    const css = await fetch(`${scene.emu.info.web_url}/sdk/1.0/sdk.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the phone view', () => {
  it('is chosen by ?device=phone, kept for the session, and offers the mobile apps’ actions instead of the web’s', async () => {
    const phone = await signIn(scene.emu.info.web_url, scene.account, scene.technician);
    const first = await fetch(`${scene.emu.info.web_url}/?device=phone`, { headers: { cookie: phone.cookie } });
    const deviceCookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(deviceCookie).toBe('emu_device=phone');
    expect(first.headers.get('set-cookie')).not.toMatch(/expires|max-age/i);
    expect(await first.text()).toContain('<body class="x-body device-phone">');
    const cookie = `${phone.cookie}; ${deviceCookie}`;
    const again = await (await fetch(`${scene.emu.info.web_url}/`, { headers: { cookie } })).text();
    expect(again).toContain('<body class="x-body device-phone">');
    expect(again).toMatch(/>\s*Desktop view\s*<\/a/);
    const card = await (
      await fetch(`${scene.emu.info.web_url}/app/job/${String(scene.job.uuid)}`, { headers: { cookie } })
    ).text();
    expect(addonEventsIn(card)).toEqual(['job_helper_mobile']);
    const onPhone = (event: string) =>
      fetch(`${scene.emu.info.web_url}/app/job/${String(scene.job.uuid)}/addon/${event}`, {
        method: 'POST',
        headers: { origin: scene.emu.info.web_url, cookie },
      });
    expect((await onPhone('job_helper_open')).status).toBe(404);
    const opened = await onPhone('job_helper_mobile');
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('>Job Helper Mobile</span>');
    expect(jwtPayload(scene.addon.received.at(-1)!.body)).toMatchObject({
      eventName: 'job_helper_mobile',
      eventArgs: { jobUUID: scene.job.uuid },
    });
  });
});
