import { describe, expect, it } from 'vitest';
import { toUuid } from '../../contracts/uuid';
import { protocol, type MessageType } from './protocol';
import { createRouter, type Handlers } from './router';
import { RemoteError } from './errors';
import { defaultConnection } from '../settings/items';

const OWN_ID = 'oiabnejaggoobcbkjnlidfgfieafjagp';
const ORIGIN = `chrome-extension://${OWN_ID}/`;
const page = { id: OWN_ID, url: `${ORIGIN}options.html` };
const content = { id: OWN_ID, url: 'http://127.0.0.1:8080/jobs/1', tab: { id: 3 } };
const otherExtension = {
  id: 'abcdefghijklmnopabcdefghijklmnop',
  url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/x.html',
};

const view = {
  state: 'signed_out' as const,
  mode: null,
  account: null,
  scopes: [],
  me: null,
  meSource: null,
  viewAs: null,
  addonActivated: null,
  signedOutReason: null,
  connection: defaultConnection,
  connectionManaged: [],
};

/** Handlers for the messages these tests send; every other message fails loudly if reached. */
function handlers(): Handlers {
  const unexpected = Object.fromEntries(
    Object.keys(protocol).map((type) => [type, async () => Promise.reject(new Error(`unexpected ${type}`))]),
  );
  return {
    ...(unexpected as unknown as Handlers),
    'session.get': async () => view,
    'session.signIn': async () => view,
    'session.requestFeature': async () => view,
    'session.useApiKey': async () => view,
    'session.signOut': async () => view,
    'session.listStaff': async () => ({ staff: [] }),
    'session.chooseMe': async () => view,
    'session.viewAs': async () => view,
    'settings.setConnection': async () => view,
    'platform.jobsPage': async () => ({ uuids: ['a'] }),
    'content.status': async () => ({ signedIn: false }),
    'pairing.claim': async ({ code }) => ({ staffName: `paired with ${code.slice(0, 4)}` }),
    'pairing.outcome': async () => ({ outcome: 'declined' as const }),
    'pairing.question': async () => ({ question: null }),
    'pairing.answer': async () => ({ outcome: 'confirmed' as const, staffName: 'Ethan Murphy' }),
    'quickNote.open': async () => ({ uuid: toUuid('u'), number: '1001', status: 'Quote', badges: [], pending: 0 }),
  };
}

const router = createRouter(handlers(), { ownId: OWN_ID, ownOrigin: ORIGIN });
const send = (type: string, payload: unknown, sender: object) => router.handle({ fieldside: 1, type, payload }, sender);

describe('message router', () => {
  it('answers a page with the validated reply', async () => {
    expect(await send('session.get', {}, page)).toEqual({ ok: true, value: view });
  });

  const pageOnly = (Object.keys(protocol) as MessageType[]).filter(
    (t) => !(protocol[t].from as readonly string[]).includes('content'),
  );
  it.each(pageOnly)('refuses "%s" from a content script', async (type) => {
    const reply = await send(type, {}, content);
    expect(reply).toEqual({ ok: false, error: expect.objectContaining({ name: 'ForbiddenSenderError' }) });
  });

  it('lets a content script send the messages marked for it', async () => {
    expect(await send('content.status', {}, content)).toEqual({ ok: true, value: { signedIn: false } });
  });

  describe('the pairing page', () => {
    const pairingUrl = 'http://127.0.0.1:8787/pair';
    const pairingScript = { ...content, url: pairingUrl };
    const guarded = createRouter(handlers(), {
      ownId: OWN_ID,
      ownOrigin: ORIGIN,
      contentPage: async (url) => (url === content.url ? 'platform' : null),
      pairingPage: async (url) => url === pairingUrl,
    });
    const claim = { fieldside: 1, type: 'pairing.claim', payload: { code: 'abcd'.repeat(8) } };

    it('takes the pairing code from the pairing script, and only from it', async () => {
      expect(await guarded.handle(claim, pairingScript)).toEqual({
        ok: true,
        value: { staffName: 'paired with abcd' },
      });
      // The web app's script, an extension page and another extension may not pair the browser.
      for (const sender of [content, page, otherExtension]) {
        expect(await guarded.handle(claim, sender)).toMatchObject({
          ok: false,
          error: { name: 'ForbiddenSenderError' },
        });
      }
    });

    it('tells the pairing script how it ended, and lets only Fieldside’s pages ask or answer the question', async () => {
      const outcome = { fieldside: 1, type: 'pairing.outcome', payload: {} };
      expect(await guarded.handle(outcome, pairingScript)).toEqual({ ok: true, value: { outcome: 'declined' } });
      expect(await guarded.handle(outcome, content)).toMatchObject({
        ok: false,
        error: { name: 'ForbiddenSenderError' },
      });
      const answer = { fieldside: 1, type: 'pairing.answer', payload: { id: 'q'.repeat(36), yes: true } };
      // The pairing page (a web page the person was sent to) cannot say "Yes" for them, nor can any content script.
      for (const sender of [pairingScript, content, otherExtension]) {
        for (const message of [answer, { ...answer, type: 'pairing.question', payload: {} }]) {
          expect(await guarded.handle(message, sender)).toMatchObject({
            ok: false,
            error: { name: 'ForbiddenSenderError' },
          });
        }
      }
      expect(await guarded.handle(answer, page)).toMatchObject({ ok: true });
    });

    it("gives the pairing script nothing of a content script's", async () => {
      expect(await guarded.handle({ fieldside: 1, type: 'content.status', payload: {} }, pairingScript)).toMatchObject({
        ok: false,
        error: { name: 'ForbiddenSenderError' },
      });
      expect(
        await guarded.handle({ fieldside: 1, type: 'content.jobs', payload: { numbers: ['1'] } }, pairingScript),
      ).toMatchObject({ ok: false, error: { name: 'ForbiddenSenderError' } });
    });

    it('refuses a code that is not one', async () => {
      expect(await guarded.handle({ ...claim, payload: { code: '<script>' } }, pairingScript)).toMatchObject({
        ok: false,
        error: { name: 'InvalidMessageError' },
      });
    });
  });

  describe('the quick-note page, framed in a web page', () => {
    const ticket = { ticket: 'A'.repeat(43) };
    const framed = { id: OWN_ID, url: `${ORIGIN}quick-note.html`, tab: { id: 3 }, frameId: 7 };
    // Chrome's per-session URL of a web-accessible page (use_dynamic_url).
    const dynamic = { ...framed, url: 'chrome-extension://0e30fcfc-6bc1-417f-9e6b-a555038036fc/quick-note.html' };

    it('sends its own messages, and nothing of a page or a content script', async () => {
      for (const sender of [framed, dynamic]) {
        expect(await send('quickNote.open', ticket, sender)).toMatchObject({ ok: true, value: { number: '1001' } });
        for (const [type, payload] of [
          ['session.get', {}],
          ['content.jobs', { numbers: ['1'] }],
          ['content.status', {}],
          ['notes.add', { jobUuid: '00000000-0000-4000-8000-000000000001', text: 'x' }],
        ] as const)
          expect(await send(type, payload, sender)).toMatchObject({
            ok: false,
            error: { name: 'ForbiddenSenderError' },
          });
      }
    });

    it('is the only one that may send them', async () => {
      for (const sender of [page, content, otherExtension, { ...framed, tab: undefined }])
        expect(await send('quickNote.open', ticket, sender)).toMatchObject({
          ok: false,
          error: { name: 'ForbiddenSenderError' },
        });
      // Another of our pages at an id that is not ours is nobody's.
      const elsewhere = { ...dynamic, url: dynamic.url.replace('quick-note', 'options') };
      expect(await send('session.get', {}, elsewhere)).toMatchObject({ ok: false });
    });
  });

  it("refuses a content script on a page Fieldside does not work on, asking with the sender's page", async () => {
    const asked: Array<string | undefined> = [];
    const guarded = createRouter(handlers(), {
      ownId: OWN_ID,
      ownOrigin: ORIGIN,
      contentPage: async (url) => {
        asked.push(url);
        return url === content.url ? 'platform' : null;
      },
    });
    const elsewhere = { ...content, url: 'http://127.0.0.1:9999/inbox' };
    expect(await guarded.handle({ fieldside: 1, type: 'content.status', payload: {} }, content)).toEqual({
      ok: true,
      value: { signedIn: false },
    });
    expect(await guarded.handle({ fieldside: 1, type: 'content.status', payload: {} }, elsewhere)).toMatchObject({
      ok: false,
      error: { name: 'ForbiddenSenderError' },
    });
    expect(asked).toEqual([content.url, elsewhere.url]);
    // Extension pages are not content scripts: never asked.
    expect(await guarded.handle({ fieldside: 1, type: 'session.get', payload: {} }, page)).toMatchObject({ ok: true });
    expect(asked).toHaveLength(2);
  });

  it('refuses another extension and a sender without a URL', async () => {
    for (const sender of [otherExtension, { id: OWN_ID }]) {
      const reply = await send('content.status', {}, sender);
      expect(reply.ok).toBe(false);
    }
  });

  it('refuses unknown messages and invalid requests', async () => {
    expect(await send('session.steal', {}, page)).toMatchObject({ ok: false, error: { name: 'InvalidMessageError' } });
    expect(await send('session.useApiKey', { apiKey: 'x' }, page)).toMatchObject({
      ok: false,
      error: { name: 'InvalidMessageError' },
    });
    expect(await router.handle({ type: 'session.get' }, page)).toMatchObject({ ok: false });
  });

  it("keeps a daily rate limit daily on the page's side", async () => {
    // As lib/api throws it (a RateLimitedError with its window; this room does not import lib/api).
    const daily = Object.assign(new Error('Number of allowed API requests per day exceeded'), {
      name: 'RateLimitedError',
      limitWindow: 'day',
    });
    const failing = createRouter(
      { ...handlers(), 'sync.status': async () => Promise.reject(daily) },
      { ownId: OWN_ID, ownOrigin: ORIGIN },
    );
    const reply = await failing.handle({ fieldside: 1, type: 'sync.status', payload: {} }, page);
    expect(reply).toMatchObject({ ok: false, error: { name: 'RateLimitedError', limitWindow: 'day' } });
    if (reply.ok) throw new Error('expected a failure');
    expect(new RemoteError(reply.error)).toMatchObject({ name: 'RateLimitedError', limitWindow: 'day' });
  });

  it('refuses a reply that breaks the protocol instead of sending it', async () => {
    const bad = createRouter(
      { ...handlers(), 'platform.jobsPage': async () => ({ uuids: [1] }) as never },
      { ownId: OWN_ID, ownOrigin: ORIGIN },
    );
    expect((await bad.handle({ fieldside: 1, type: 'platform.jobsPage', payload: {} }, page)).ok).toBe(false);
  });

  it('hands a handler every uuid of a request in lower case, however the page wrote it', async () => {
    const heard: string[] = [];
    const lower = createRouter(
      {
        ...handlers(),
        'notes.add': async ({ jobUuid }) => {
          heard.push(jobUuid);
          return { uuid: 'n', text: 't', time: null, author: null, state: 'sent' as const } as never;
        },
      },
      { ownId: OWN_ID, ownOrigin: ORIGIN },
    );
    const jobUuid = '0E3F6C1A-1111-4222-8333-444455556666';
    await lower.handle({ fieldside: 1, type: 'notes.add', payload: { jobUuid, text: 'Gate code 4411' } }, page);
    expect(heard).toEqual([jobUuid.toLowerCase()]);
    const notAUuid = await lower.handle(
      { fieldside: 1, type: 'notes.add', payload: { jobUuid: '0e3f6c1a-1111-4222-8333-44445555666z', text: 'x' } },
      page,
    );
    expect(notAUuid.ok).toBe(false);
  });
});
