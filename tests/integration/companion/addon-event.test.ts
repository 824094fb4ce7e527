import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADDON_EVENTS } from '../../../server/companion/addon/events';
import { spokenDate } from '../../../server/companion/addon/job-view';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import {
  activateAccount,
  personOf,
  platformEvent,
  postEvent,
  uniqueIssueTimes,
  type EventInput,
} from '../../support/companion/addon-platform';
import { buildAddonScene, type AddonScene } from '../../support/companion/addon-scene';

// The add-on's event URL against the real emulator: an administrator activates Fieldside (the account's tokens
// are kept), then events signed as the platform signs them are posted, and what a person would see in the
// platform's window is checked: the panel for the job, and a page in words for every event it refuses.

const SDK_URL = 'http://127.0.0.1:9/sdk/1.0/sdk.js';
let stack: DevStack;
let scene: AddonScene;
let secret: string;

beforeAll(async () => {
  stack = await startDevStack({ emulator: { jobs: 40, quiet: true }, env: { ADDON_SDK_URL: SDK_URL } });
  secret = stack.emulator.info.app.client_secret;
  expect((await activateAccount(stack, stack.emulator.info.accounts[0]!)).status).toBe(200);
  scene = await buildAddonScene(stack.emulator.info, stack.emulator.control);
  // Many panels in a minute here; the limits have tests of their own below.
  await stack.emulator.control.setRateLimit(10_000, 100_000);
});
afterEach(() => stack.emulator.control.clearFaults());
afterAll(() => stack?.close());

const nextIat = uniqueIssueTimes();
const action = (overrides: Partial<EventInput> = {}): EventInput => ({
  iat: nextIat(),
  account: scene.account,
  staff: scene.technician.uuid,
  eventName: ADDON_EVENTS.web,
  eventArgs: { jobUUID: scene.job.uuid },
  ...overrides,
});
const send = async (input: EventInput, header?: Record<string, unknown>) =>
  postEvent(stack.companion.url, await platformEvent(secret, input, header));

/** Text as the panel escapes it. */
const escaped = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Nothing of the job reached the answer. */
function expectNoJobData(text: string): void {
  expect(text).not.toContain(scene.job.address);
  expect(text).not.toContain(`#${scene.job.number}`);
  for (const note of scene.notes) expect(text).not.toContain(escaped(note.text.slice(0, 20)));
}

describe('the panel for a job', () => {
  it('shows the job as the signed technician sees it: status, number, address, badges by name, the latest notes newest first with who and when', async () => {
    const answer = await send(action());
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/html; charset=utf-8');
    const page = answer.text;
    expect(page).toContain(`<h1>Job #${scene.job.number}</h1>`);
    expect(page).toContain(`<p class="status">${scene.job.status}</p>`);
    expect(page).toContain(escaped(scene.job.address));
    for (const name of scene.badgeNames) expect(page).toContain(`<li>${name}</li>`);
    const order = scene.notes.map((n) => page.indexOf(escaped(n.text.slice(0, 24))));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const dates = new Map(
      (await stack.emulator.control.listRecords(scene.account, 'note')).map((n) => [n.uuid, String(n.create_date)]),
    );
    for (const note of scene.notes)
      expect(page).toContain(`<p class="meta">${escaped(note.author)} · ${spokenDate(dates.get(note.uuid)!)}</p>`);
    expect(new Set(scene.notes.map((n) => n.author))).toEqual(new Set([scene.technician.name, scene.office.name]));
    expect(page).toContain('<label for="note-text">Add a note</label>');
  });

  it('renders every piece of platform data as text: markup in a note stays visible characters', async () => {
    const page = (await send(action())).text;
    expect(page).toContain('&#60;b&#62;Check again&#60;/b&#62; in a week &#38; call if it drips.');
    expect(page).not.toContain('<b>Check again</b>');
  });

  it('carries its policy in a <meta> (the platform frames it as srcdoc): the SDK and a nonce for scripts, no connect-src', async () => {
    const page = (await send(action())).text;
    const policy = (/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1] ?? '').replace(
      /&#39;/g,
      "'",
    );
    const nonce = /'nonce-([A-Za-z0-9]+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`script-src 'nonce-${nonce}' ${SDK_URL}`);
    expect(policy).not.toContain('connect-src');
    expect(page).toContain(`<script src="${SDK_URL}" nonce="${nonce}"></script>`);
    // Every script is the SDK or carries the nonce; every link is absolute.
    for (const tag of page.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    for (const href of page.match(/href="[^"]*"/g) ?? []) expect(href).toMatch(/^href="https?:\/\//);
    // A fresh nonce for every answer.
    expect((await send(action())).text).not.toContain(nonce);
  });

  it('weighs at most 20 KB gzip', async () => {
    const page = (await send(action())).text;
    expect(gzipSync(page).length).toBeLessThanOrEqual(20 * 1024);
  });

  it('on the web offers "Use Fieldside in this browser" in a new tab; on a phone it has the phone layout and no such link', async () => {
    const web = (await send(action())).text;
    expect(web).toMatch(
      new RegExp(
        `<a id="fieldside-pair" href="${stack.companion.url}/pair#fsp1\\.[A-Za-z0-9_.-]+" target="_blank" rel="noopener">Use Fieldside in this browser</a>`,
      ),
    );
    expect(web).toContain('<body class="web">');
    const phone = (await send(action({ eventName: ADDON_EVENTS.phone }))).text;
    expect(phone).toContain('<body class="phone">');
    expect(phone).toContain('data-place="phone"');
    expect(phone).not.toContain('fieldside-pair');
    expect(phone).toContain(`Job #${scene.job.number}`);
  });

  it('says plainly that a job the technician may not see is not theirs, and shows nothing of it', async () => {
    const answer = await send(action({ eventArgs: { jobUUID: scene.hiddenJob } }));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('The platform does not let you see this job, so Fieldside cannot show it.');
    expect(answer.text).not.toContain('id="note-text"');
  });

  it.each([
    [
      'unreachable',
      { kind: 'drop' as const },
      'The platform could not be reached just now. Close this window and try again in a few minutes.',
    ],
    ['5xx', { kind: 'status' as const, status: 503 }, 'The platform could not be reached just now.'],
    ['429 for the minute', { kind: 'rate_limit' as const }, 'The platform is busy right now. Wait a minute'],
  ])('shows a friendly message when the platform is %s, never a status code', async (_, fault, words) => {
    await stack.emulator.control.injectFault({ ...fault, pathPrefix: '/api_1.0/job/', count: 1 });
    const answer = await send(action());
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(words);
    expect(answer.text).not.toMatch(/\b(429|500|502|503)\b/);
    expectNoJobData(answer.text);
  });

  it("says when the account has used the day's requests", async () => {
    await stack.emulator.control.setRateLimit(10_000, 1);
    try {
      const answer = await send(action());
      expect(answer.text).toContain(escaped("Your business has used all of today's requests to the platform"));
      expect(answer.text).not.toMatch(/\b429\b/);
    } finally {
      await stack.emulator.control.setRateLimit(10_000, 100_000);
    }
  });
});

describe('bad events: a 4xx, a page in words, no data', () => {
  const again = 'Close this window and choose Fieldside on the job card again.';
  const now = () => Math.floor(Date.now() / 1000);

  it.each([
    [
      'a wrong signature',
      async () => postEvent(stack.companion.url, await platformEvent('not-the-app-secret', action())),
      401,
      'could not confirm that this request came from the platform',
    ],
    [
      'alg none',
      async () => send(action(), { alg: 'none', typ: 'JWT' }),
      401,
      'could not confirm that this request came from the platform',
    ],
    [
      'alg HS512',
      async () => send(action(), { alg: 'HS512', typ: 'JWT' }),
      401,
      'could not confirm that this request came from the platform',
    ],
    [
      'alg RS256',
      async () => send(action(), { alg: 'RS256', typ: 'JWT' }),
      401,
      'could not confirm that this request came from the platform',
    ],
    [
      'no alg at all',
      async () => send(action(), { typ: 'JWT' }),
      401,
      'could not confirm that this request came from the platform',
    ],
    [
      'an unsigned token',
      async () =>
        postEvent(stack.companion.url, (await platformEvent(secret, action())).split('.').slice(0, 2).join('.') + '.'),
      401,
      'could not confirm',
    ],
    ['a body that is no token', async () => postEvent(stack.companion.url, 'jobUUID=1234'), 401, 'could not confirm'],
    [
      'a payload without iat',
      async () => postEvent(stack.companion.url, await platformEventWithout('iat')),
      401,
      'could not confirm',
    ],
    [
      'a job uuid that is none',
      async () => send(action({ eventArgs: { jobUUID: '../../staff' } })),
      401,
      'could not confirm',
    ],
    ['an iat six minutes old', async () => send(action({ iat: now() - 360 })), 401, 'This request is too old'],
    ['an iat two minutes ahead', async () => send(action({ iat: now() + 120 })), 401, 'This request is too old'],
    [
      'an exp in the past',
      async () => send(action({ iat: now() - 30, exp: now() - 1 })),
      401,
      'This request is too old',
    ],
    [
      'an event Fieldside does not know',
      async () => send(action({ eventName: 'fieldside_delete_everything' })),
      400,
      'Fieldside does not know this action',
    ],
  ])('%s', async (_, post, status, words) => {
    const answer = await post();
    expect(answer.status).toBe(status);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.text).toContain(words);
    expect(answer.text).toContain(status === 400 || status === 401 ? again : '');
    expectNoJobData(answer.text);
  });

  it('a replayed event: the first is answered, the same token again is 409', async () => {
    const token = await platformEvent(secret, action());
    expect((await postEvent(stack.companion.url, token)).status).toBe(200);
    const replay = await postEvent(stack.companion.url, token);
    expect(replay.status).toBe(409);
    expect(replay.text).toContain('This request was already answered once, so Fieldside will not answer it again.');
    expectNoJobData(replay.text);
  });

  it('an account that never activated Fieldside: 403, and who can fix it', async () => {
    const other = stack.emulator.info.accounts[1]!;
    const answer = await send({
      account: other.uuid,
      staff: personOf(other, 'technician').uuid,
      eventName: ADDON_EVENTS.web,
      eventArgs: { jobUUID: scene.job.uuid },
    });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('Fieldside is not turned on for this account');
    expect(answer.text).toContain(
      escaped(
        "An administrator of your account can turn it on: in the platform's add-on store, open Fieldside and activate it.",
      ),
    );
    expectNoJobData(answer.text);
  });

  it('a body larger than any event: 413 in words, before it is read', async () => {
    const answer = await postEvent(stack.companion.url, 'x'.repeat(40 * 1024));
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('This request is larger than Fieldside accepts');
  });
});

/** A correctly signed token whose payload lacks `field`. */
async function platformEventWithout(field: 'iat'): Promise<string> {
  const { signAddonEvent } = await import('../../../server/companion/addon/event-token');
  const payload: Record<string, unknown> = {
    eventVersion: '1.0',
    eventName: ADDON_EVENTS.web,
    auth: { accountUUID: scene.account, staffUUID: scene.technician.uuid },
    eventArgs: { jobUUID: scene.job.uuid },
    iat: Math.floor(Date.now() / 1000),
  };
  delete payload[field];
  return signAddonEvent(secret, payload);
}
