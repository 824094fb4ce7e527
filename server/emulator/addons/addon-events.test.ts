// The emulator hosting an add-on, over real HTTP: a test add-on on 127.0.0.1 records what the platform posts.
// Choosing an action signs the event object (and nothing more) with the app's secret; only accounts that activated
// the app see actions; the window shows the answer's eventResponse, nothing for any other answer, and the platform's
// plain message when the add-on does not answer at all.
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../start';
import { signIn, type WebSession } from '../web/web-test-support';
import { addonEventsIn, messageOf, NOT_RESPONDING, pagePost, srcdocOf, useHostedAddon } from './hosted-addon-fixture';
import { eventResponse, startTestAddon, TEST_MANIFEST, type TestAddon } from './test-addon';

const scene = useHostedAddon();
const post = (session: WebSession | undefined, path: string, init: { origin?: string } = {}) =>
  pagePost(scene, session, path, init);
const choose = (session: WebSession, jobUuid: string, event = 'job_helper_open') =>
  post(session, `/app/job/${jobUuid}/addon/${event}`);
const invoke = (session: WebSession | undefined, body: string) =>
  pagePost(scene, session, '/app/addon/invoke', { body, contentType: 'application/json' });

describe('registering an add-on', () => {
  it('names its event URL in the start line, and refuses a bad manifest with words that say what is wrong', async () => {
    expect(scene.emu.info.app.addon_event_url).toBe(scene.addon.eventUrl);
    const bad = { ...TEST_MANIFEST, actions: [{ name: 'X', type: 'desktop', entity: 'job', event: 'x' }] };
    await expect(
      startEmulator({ jobs: 5, quiet: true, addon: { eventUrl: scene.addon.eventUrl, manifest: bad as never } }),
    ).rejects.toThrow(
      /Bad add-on registration \(at manifest\.actions\.0\.type\): an action's type is "online" \(the web app\) or "app" \(the mobile apps\)/,
    );
    await expect(
      startEmulator({ jobs: 5, quiet: true, addon: { eventUrl: 'not a url', manifest: TEST_MANIFEST } }),
    ).rejects.toThrow(/at eventUrl/);
    const plain = await startEmulator({ jobs: 5, quiet: true });
    try {
      expect(plain.info.app).not.toHaveProperty('addon_event_url');
    } finally {
      await plain.close();
    }
  });
});

describe('choosing an action', () => {
  it('posts a JWT signed HS256 with the app secret whose payload is exactly the event object: the account, the signed-in staff member and the job', async () => {
    const res = await choose(scene.web, String(scene.job.uuid));
    expect(res.status).toBe(200);
    expect(scene.addon.received).toHaveLength(1);
    const [event] = scene.addon.received;
    expect(event!.contentType).toBe('text/plain');
    const token = event!.body;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const secret = new TextEncoder().encode(scene.emu.info.app.client_secret);
    const { payload, protectedHeader } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    // No iat, exp, iss or jti: nothing the documentation does not name.
    expect(payload).toEqual({
      eventVersion: '1.0',
      eventName: 'job_helper_open',
      auth: {
        accountUUID: scene.account.uuid,
        staffUUID: scene.technician.uuid,
        accessTokenExpiry: expect.any(Number),
      },
      eventArgs: { jobUUID: scene.job.uuid },
    });
    const now = (await scene.emu.control.now()) / 1000;
    const expiry = (payload.auth as { accessTokenExpiry: number }).accessTokenExpiry;
    expect(expiry).toBeGreaterThan(now + 300);
    expect(expiry).toBeLessThanOrEqual(now + 3600);
    await expect(jwtVerify(token, new TextEncoder().encode('another secret'))).rejects.toThrow();
  });

  it('signs the very same token when the same person chooses the same action on the same job again', async () => {
    await choose(scene.web, String(scene.job.uuid));
    await scene.emu.control.advanceClock(600);
    await choose(scene.web, String(scene.job.uuid));
    const [first, second] = scene.addon.received.map((r) => r.body);
    expect(second).toBe(first);
  });

  it("answers a window titled with the action's name, the add-on's HTML in a sandboxed frame's srcdoc", async () => {
    const html = await (await choose(scene.web, String(scene.job.uuid))).text();
    expect(html).toMatch(/^<div\s+class="x-window addon-window"\s+id="addon-window-[^"]+"\s+data-addon-job-uuid="/);
    expect(html).toContain('<span class="x-window-header-text" id="addon-window-');
    expect(html).toContain('>Job Helper</span>');
    expect(html).toContain('sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"');
    expect(html).not.toMatch(/allow-same-origin|allow-top-navigation/);
    // The add-on's HTML lives only inside the attribute: no tag of it is the web app's own.
    expect(html).not.toContain('<button id="load"');
    expect(srcdocOf(html)).toContain(`You opened job ${scene.job.uuid}`);
  });

  it("shows the answer's eventResponse, and leaves the window blank for any answer it does not show", async () => {
    scene.addon.answer = () => eventResponse('<p>Ready.</p>');
    expect(srcdocOf(await (await choose(scene.web, String(scene.job.uuid))).text())).toBe('<p>Ready.</p>');
    const nothingShown: TestAddon['answer'][] = [
      () => eventResponse('<p>This job is locked by the office.</p>', 409),
      () => eventResponse('<p>boom</p>', 500),
      () => ({ body: '<p>Raw HTML, not an eventResponse</p>' }),
      () => ({ contentType: 'application/json', body: '{"error":"nope"}' }),
      () => ({ contentType: 'application/json', body: '{"eventResponse":{"html":"<p>x</p>"}}' }),
      () => ({ status: 302, body: '' }),
    ];
    for (const answer of nothingShown) {
      scene.addon.answer = answer;
      const html = await (await choose(scene.web, String(scene.job.uuid))).text();
      expect(html).toContain('<iframe');
      expect(srcdocOf(html)).toBe('');
      expect(messageOf(html)).toBe('');
    }
  });

  it('says in its own words that the add-on is not responding when it answers nothing in time', async () => {
    scene.addon.answer = () => ({ body: '', hang: true });
    const html = await (await choose(scene.web, String(scene.job.uuid))).text();
    expect(messageOf(html)).toBe(NOT_RESPONDING);
    expect(html).not.toContain('<iframe');
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
    const foreign = await post(scene.web, `/app/job/${String(scene.job.uuid)}/addon/job_helper_open`, {
      origin: 'http://127.0.0.1:1',
    });
    expect(foreign.status).toBe(403);
    expect((await post(undefined, `/app/job/${String(scene.job.uuid)}/addon/job_helper_open`)).status).toBe(401);
    const mine = new Set(await scene.emu.control.visibleJobUuids(scene.account.uuid, scene.technician.uuid));
    const theirs = (await scene.emu.control.listRecords(scene.account.uuid, 'job')).find(
      (j) => !mine.has(String(j.uuid)),
    )!;
    expect((await choose(scene.web, String(theirs.uuid))).status).toBe(404);
    expect((await choose(scene.web, String(scene.job.uuid), 'client_helper')).status).toBe(404);
    expect(scene.addon.received).toEqual([]);
  });
});

describe('who sees the actions', () => {
  it('only an account that activated the app: the job window shows the web actions to it, none to another', async () => {
    expect(addonEventsIn((await scene.web.get(`/app/job/${String(scene.job.uuid)}`)).html)).toEqual([
      'job_helper_open',
    ]);
    const stranger = await signIn(
      scene.emu.info.web_url,
      scene.other,
      scene.other.staff.find((s) => s.role === 'office')!,
    );
    const theirJob = (await scene.emu.control.listRecords(scene.other.uuid, 'job'))[0]!;
    expect(addonEventsIn((await stranger.get(`/app/job/${String(theirJob.uuid)}`)).html)).toEqual([]);
    expect((await choose(stranger, String(theirJob.uuid))).status).toBe(404);
    expect((await invoke(stranger, JSON.stringify({ eventName: 'load_job_data', args: {} }))).status).toBe(403);
    expect(scene.addon.received).toEqual([]);
  });

  it('not once the account disables the add-on', async () => {
    const emu2 = await startEmulator({
      jobs: 10,
      seed: 21,
      quiet: true,
      addon: { eventUrl: scene.addon.eventUrl, manifest: TEST_MANIFEST },
    });
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
