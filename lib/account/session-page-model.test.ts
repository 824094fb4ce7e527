import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Envelope } from '../messaging/envelope';
import type { SessionView } from '../messaging/session-view';
import { defaultConnection } from '../settings/items';
import { createSessionPageModel } from './session-page-model';

// The settings and first-run pages' session model, on fakeBrowser: while the account is known not to have turned
// Fieldside on, opening the page, or coming back to its tab, has the background ask the companion again
// ('session.checkActivation'); nothing is asked while it is on, or not known. The background is a stand-in that
// answers the session view and counts what it was sent.

const page = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
page.visibilityState = 'visible';
(globalThis as { document?: unknown }).document = page;
afterAll(() => void delete (globalThis as { document?: unknown }).document);

afterEach(() => fakeBrowser.reset());

function viewWith(addonActivated: boolean | null): SessionView {
  return {
    state: 'signed_in',
    mode: 'oauth',
    account: { uuid: 'a', name: 'Northwind', email: 'o@nw.example' },
    scopes: ['vendor'],
    me: null,
    meSource: null,
    viewAs: null,
    addonActivated,
    signedOutReason: null,
    connection: defaultConnection,
    connectionManaged: [],
  };
}

/** The background stand-in: answers every message with `view` (and an empty staff list); counts the checks. */
function background(view: SessionView) {
  const sent: string[] = [];
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
    const { type } = message as Envelope;
    sent.push(type);
    return Promise.resolve({ ok: true, value: type === 'session.listStaff' ? { staff: [] } : view });
  });
  return { checks: () => sent.filter((type) => type === 'session.checkActivation').length };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function cameBack(): Promise<void> {
  page.visibilityState = 'hidden';
  page.dispatchEvent(new Event('visibilitychange'));
  page.visibilityState = 'visible';
  page.dispatchEvent(new Event('visibilitychange'));
  await settle();
}

describe('asking again whether the account turned Fieldside on', () => {
  it('asks when the page opens, and each time the person comes back to it, while it is off', async () => {
    const { checks } = background(viewWith(false));
    const model = createSessionPageModel();
    const unwatch = model.watch();
    await model.load();
    await settle();
    expect(checks()).toBe(1);
    await cameBack();
    expect(checks()).toBe(2);
    unwatch();
    await cameBack();
    expect(checks()).toBe(2);
  });

  it('asks nothing while it is on, or not known (an API key, an older companion)', async () => {
    for (const activated of [true, null]) {
      fakeBrowser.reset();
      const { checks } = background(viewWith(activated));
      const model = createSessionPageModel();
      const unwatch = model.watch();
      await model.load();
      await cameBack();
      expect(checks()).toBe(0);
      unwatch();
    }
  });
});
