import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { ADDON_EVENTS } from '../../../server/companion/addon/events';
import { spokenDate } from '../../../server/companion/addon/job-view';
import type { LogLine } from '../../../server/companion/request-log';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import {
  activateAccount,
  eventObject,
  personOf,
  platformEvent,
  postEvent,
  type EventInput,
} from '../../support/companion/addon-platform';
import { buildAddonScene, type AddonScene } from '../../support/companion/addon-scene';
import { eventWithHeader, rsaSignedEvent, signEvent, unsecuredEvent } from '../../support/companion/event-signing';
import { untilQuiet } from '../../support/companion/quiet';

// The add-on's event URL against the real emulator: an administrator activates Fieldside (the account's tokens
// are kept), then events signed as the platform documents them (the event object, no iat or exp) are posted, and
// what the platform would show of each answer is checked: its eventResponse, the panel for the job, and a page in
// words for every event it refuses, each a 200 (the platform leaves the window blank on any other status).

const SDK_URL = 'http://127.0.0.1:9/sdk/1.0/sdk.js';
let stack: DevStack;
let scene: AddonScene;
let secret: string;
const logs: LogLine[] = [];

beforeAll(async () => {
  stack = await startDevStack({
    emulator: { jobs: 40, quiet: true },
    env: { ADDON_SDK_URL: SDK_URL },
    // The panel is under test, not the feed: the scene's notes are read as they come (not collected for 250 ms or
    // held for the minute's share), so no read of the feed's overlaps a test's fault or day limit.
    companionDeps: { log: (line) => logs.push(line), holdChanges: false },
  });
  secret = stack.emulator.info.app.client_secret;
  expect((await activateAccount(stack, stack.emulator.info.accounts[0]!)).status).toBe(200);
  scene = await buildAddonScene(stack.emulator.info, stack.emulator.control);
  await quiet();
  // Many panels in a minute here; the limits have tests of their own below.
  await stack.emulator.control.setRateLimit(10_000, 100_000);
});
afterEach(() => stack.emulator.control.clearFaults());
afterAll(() => stack?.close());

const action = (overrides: Partial<EventInput> = {}): EventInput => ({
  account: scene.account,
  staff: scene.technician.uuid,
  eventName: ADDON_EVENTS.web,
  eventArgs: { jobUUID: scene.job.uuid },
  ...overrides,
});
/** Every change made so far (the scene's notes, a test's note) is read and published: a read of the companion's
 * feed would otherwise take a fault or a day's last request meant for the panel's own read. */
const quiet = () => untilQuiet(stack);

const send = async (input: EventInput) => postEvent(stack.companion.url, await platformEvent(secret, input));

/** Text as the panel escapes it. */
const escaped = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Nothing of the job reached the answer. */
function expectNoJobData(text: string): void {
  expect(text).not.toContain(scene.job.address);
  expect(text).not.toContain(`#${scene.job.number}`);
  for (const note of scene.notes) expect(text).not.toContain(escaped(note.text.slice(0, 20)));
}

describe('the panel for a job', () => {
  it('answers the documented event (no iat, no exp) with the job as the signed technician sees it: status, number, address, badges by name, the latest notes newest first with who and when', async () => {
    const token = await platformEvent(secret, action());
    expect(Object.keys(decodeJwt(token)).sort()).toEqual(['auth', 'eventArgs', 'eventName', 'eventVersion']);
    const answer = await postEvent(stack.companion.url, token);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/json/);
    const page = answer.response;
    expect(page).toContain(`<h1>Job #${scene.job.number}</h1>`);
    expect(page).toContain(`<p class="status" id="job-status">${scene.job.status}</p>`);
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
    const page = (await send(action())).response;
    expect(page).toContain('&lt;b&gt;Check again&lt;/b&gt; in a week &amp; call if it drips.');
    expect(page).not.toContain('<b>Check again</b>');
  });

  it("carries its policy in a <meta> (the platform frames it as srcdoc): the SDK and a nonce for scripts, connect-src only the companion's photo address", async () => {
    const page = (await send(action())).response;
    const policy = (
      /<meta http-equiv="Content-Security-Policy" content="([^"]+)"\s*\/?>/.exec(page)?.[1] ?? ''
    ).replace(/&#39;/g, "'");
    const nonce = /'nonce-([A-Za-z0-9]+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`script-src 'nonce-${nonce}' ${SDK_URL}`);
    // Photos are too large for invoke: the panel sends them to the companion, and to nowhere else.
    expect(policy).toMatch(new RegExp(`connect-src ${stack.companion.url}/addon/photo;`));
    expect(policy.match(/connect-src/g)).toHaveLength(1);
    expect(page).toContain(`<script src="${SDK_URL}" nonce="${nonce}"></script>`);
    // The platform's sdk.css first, the panel's own style (its design tokens) after it, so they hold.
    const sdkCss = SDK_URL.replace(/sdk\.js$/, 'sdk.css');
    expect(policy).toContain(`style-src 'nonce-${nonce}' ${sdkCss}`);
    const link = page.indexOf(`<link rel="stylesheet" href="${sdkCss}" />`);
    expect(link).toBeGreaterThan(0);
    expect(page.indexOf(`<style nonce="${nonce}">`)).toBeGreaterThan(link);
    // Every script is the SDK or carries the nonce; every link is absolute.
    for (const tag of page.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    for (const href of page.match(/href="[^"]*"/g) ?? []) expect(href).toMatch(/^href="https?:\/\//);
    // A fresh nonce for every answer.
    expect((await send(action())).response).not.toContain(nonce);
  });

  it('weighs at most 20 KB gzip', async () => {
    const page = (await send(action())).response;
    expect(gzipSync(page).length).toBeLessThanOrEqual(20 * 1024);
  });

  it('on the web offers "Use Fieldside in this browser" in a new tab; on a phone it has the phone layout and no such link', async () => {
    const web = (await send(action())).response;
    expect(web).toMatch(
      new RegExp(
        `<a id="fieldside-pair" href="${stack.companion.url}/pair#fsp2\\.[A-Za-z0-9_.-]+" target="_blank" rel="noopener">Use Fieldside in this browser</a>`,
      ),
    );
    expect(web).toContain('<body class="web">');
    const phone = (await send(action({ eventName: ADDON_EVENTS.phone }))).response;
    expect(phone).toContain('<body class="phone">');
    expect(phone).toContain('data-place="phone"');
    expect(phone).not.toContain('fieldside-pair');
    expect(phone).toContain(`Job #${scene.job.number}`);
  });

  it('says plainly that a job the technician may not see is not theirs, and shows nothing of it', async () => {
    const answer = await send(action({ eventArgs: { jobUUID: scene.hiddenJob } }));
    expect(answer.status).toBe(200);
    expect(answer.response).toContain('The platform does not let you see this job, so Fieldside cannot show it.');
    expect(answer.response).not.toContain('id="note-text"');
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
    await quiet();
    await stack.emulator.control.injectFault({ ...fault, pathPrefix: '/api_1.0/job/', count: 1 });
    const answer = await send(action());
    expect(answer.status).toBe(200);
    expect(answer.response).toContain(words);
    expect(answer.response).not.toMatch(/\b(429|500|502|503)\b/);
    expectNoJobData(answer.response);
  });

  it("says when the account has used the day's requests", async () => {
    await quiet();
    await stack.emulator.control.setRateLimit(10_000, 1);
    try {
      const answer = await send(action());
      expect(answer.response).toContain(escaped("Your business has used all of today's requests to the platform"));
      expect(answer.response).not.toMatch(/\b429\b/);
    } finally {
      await stack.emulator.control.setRateLimit(10_000, 100_000);
    }
  });
});

describe('the same event again', () => {
  it('the very same token twice gets the panel twice (a second click on the same job is the same token)', async () => {
    const token = await platformEvent(secret, action());
    for (const answer of [await postEvent(stack.companion.url, token), await postEvent(stack.companion.url, token)]) {
      expect(answer.status).toBe(200);
      expect(answer.response).toContain(`<h1>Job #${scene.job.number}</h1>`);
    }
  });
});

describe('bad events: a 200 whose eventResponse is a page in words, no data, the reason logged', () => {
  const again = 'Close this window and choose Fieldside on the job card again.';
  const now = () => Math.floor(Date.now() / 1000);
  const unverified = 'could not confirm that this request came from the platform';

  it.each([
    ['a wrong signature', 'signature', async () => platformEvent('not-the-app-secret', action()), unverified],
    ['alg none', 'algorithm', async () => unsecuredEvent(eventObject(action())), unverified],
    [
      'alg HS512, validly signed with the App Secret',
      'algorithm',
      async () => signEvent(secret, eventObject(action()), 'HS512'),
      unverified,
    ],
    [
      'alg RS256, validly signed with a key of its own',
      'algorithm',
      async () => rsaSignedEvent(eventObject(action())),
      unverified,
    ],
    [
      'no alg at all',
      'malformed',
      async () => eventWithHeader(secret, { typ: 'JWT' }, eventObject(action())),
      unverified,
    ],
    [
      'an unsigned token',
      'signature',
      async () => (await platformEvent(secret, action())).split('.').slice(0, 2).join('.') + '.',
      unverified,
    ],
    ['a body that is no token', 'malformed', async () => 'jobUUID=1234', unverified],
    [
      'a job uuid that is none',
      'job_uuid',
      async () => platformEvent(secret, action({ eventArgs: { jobUUID: '../../staff' } })),
      unverified,
    ],
    [
      'an exp in the past',
      'expired',
      async () => platformEvent(secret, action({ claims: { exp: now() - 3600 } })),
      'This request is too old',
    ],
    [
      'an iat two days old',
      'expired',
      async () => platformEvent(secret, action({ claims: { iat: now() - 2 * 86_400 } })),
      'This request is too old',
    ],
    [
      'an event Fieldside does not know',
      'unknown_event',
      async () => platformEvent(secret, action({ eventName: 'fieldside_delete_everything' })),
      'Fieldside does not know this action',
    ],
  ])('%s', async (_, reason, make, words) => {
    const token = await make();
    const logged = logs.length;
    const answer = await postEvent(stack.companion.url, token);
    expect(answer.status).toBe(200);
    expect(answer.response).toContain(words);
    expect(answer.response).toContain(again);
    expect(answer.response).toContain('data-close');
    expectNoJobData(answer.response);
    const lines = logs.slice(logged).filter((l) => l.addon === 'refused');
    expect(lines).toEqual([expect.objectContaining({ level: 'warn', addon: 'refused', reason })]);
    // Never the token, nor any piece of it, in the log.
    const written = JSON.stringify(logs.slice(logged));
    for (const piece of token.split('.').filter((p) => p.length > 8)) expect(written).not.toContain(piece);
  });

  it('a follow-up refused is answered in the form the panel shows under its note box', async () => {
    const token = await platformEvent('not-the-app-secret', {
      ...action(),
      eventName: ADDON_EVENTS.addNote,
      eventArgs: { jobUUID: scene.job.uuid, uuid: crypto.randomUUID(), note: 'Not from the platform' },
    });
    const answer = await postEvent(stack.companion.url, token);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.response)).toEqual({
      ok: false,
      message: expect.stringContaining('could not confirm that this request came from the platform'),
    });
  });

  it('an account that never activated Fieldside: words, and who can fix it', async () => {
    const other = stack.emulator.info.accounts[1]!;
    const answer = await send({
      account: other.uuid,
      staff: personOf(other, 'technician').uuid,
      eventName: ADDON_EVENTS.web,
      eventArgs: { jobUUID: scene.job.uuid },
    });
    expect(answer.status).toBe(200);
    expect(answer.response).toContain('Fieldside is not turned on for this account');
    expect(answer.response).toContain(
      escaped(
        "An administrator of your account can turn it on: in the platform's add-on store, open Fieldside and activate it, even where it already shows as active.",
      ),
    );
    expectNoJobData(answer.response);
  });

  it('a body larger than any event: words, before it is read', async () => {
    const answer = await postEvent(stack.companion.url, 'x'.repeat(40 * 1024));
    expect(answer.status).toBe(200);
    expect(answer.response).toContain('This request is larger than Fieldside accepts');
  });
});
