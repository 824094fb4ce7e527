import { describe, expect, it } from 'vitest';
import { createSessionHandlers } from '../../entrypoints/background/handlers/session';
import { createWebhookHandlers } from '../../entrypoints/background/handlers/webhooks';
import type { SessionService } from '../../lib/account/session-service';
import type { WhoAreYou } from '../../lib/account/who-are-you';
import type { SenderInfo } from '../../lib/messaging/sender';
import type { SessionView } from '../../lib/messaging/session-view';
import type { Connection } from '../../lib/settings/schemas';

const PAGE = {} as SenderInfo;

// The account's own settings (its webhook subscriptions, where Fieldside connects) are an
// administrator's: the background refuses them to anyone else, whatever the page sends or hides.
// Whether someone is an administrator (by the role the platform gives them at each action) is
// who-are-you's to say: lib/account/who-are-you.test.ts.

function webhookHandlers(isAdministrator: boolean) {
  const calls: string[] = [];
  const client = async () => {
    calls.push('client');
    return {
      webhooks: { list: async () => [], reactivate: async () => undefined, remove: async () => undefined },
    } as never;
  };
  const h = createWebhookHandlers({
    client,
    who: { isAdministrator: async () => isAdministrator },
    feed: { rotate: async () => (calls.push('rotate'), { refused: [], retired: true }) },
  });
  const id = { kind: 'object' as const, name: 'job', uniqueId: 'fieldside-job' };
  const all = () => [
    h['webhooks.list']({ status: 'all' }, PAGE),
    h['webhooks.reactivate'](id, PAGE),
    h['webhooks.delete'](id, PAGE),
    h['webhooks.rotate']({}, PAGE),
  ];
  return { h, calls, all };
}

describe('webhook handlers', () => {
  it('refuse someone who is not an administrator every action, before the platform or the companion is asked', async () => {
    const { calls, all } = webhookHandlers(false);
    for (const action of all())
      await expect(action).rejects.toMatchObject({
        name: 'NotAllowedError',
        message: expect.stringMatching(/administrator/),
      });
    expect(calls).toEqual([]);
  });

  it('let an administrator list and change the address', async () => {
    const admin = webhookHandlers(true);
    expect(await admin.h['webhooks.list']({ status: 'all' }, PAGE)).toEqual({ subscriptions: [] });
    expect(await admin.h['webhooks.rotate']({}, PAGE)).toEqual({ refused: [], retired: true });
    expect(admin.calls).toEqual(['client', 'rotate']);
  });
});

describe('saving the connection', () => {
  const CONNECTION: Connection = {
    restUrl: 'http://127.0.0.1:1',
    authUrl: 'http://127.0.0.1:2',
    webUrl: 'http://127.0.0.1:2',
    jobLinkPath: null,
    companionUrl: 'http://127.0.0.1:3',
  };
  function sessionHandlers(state: { signedIn: boolean; isAdministrator: boolean }) {
    const saved: Connection[] = [];
    const session = {
      signedIn: async () => state.signedIn,
      setConnection: async (c: Connection) => (saved.push(c), {} as SessionView),
    } as unknown as SessionService;
    const who = { isAdministrator: async () => state.isAdministrator } as unknown as WhoAreYou;
    return { h: createSessionHandlers(session, who), saved };
  }

  it('is refused to a signed-in technician, and nothing is saved', async () => {
    const { h, saved } = sessionHandlers({ signedIn: true, isAdministrator: false });
    await expect(h['settings.setConnection'](CONNECTION, PAGE)).rejects.toMatchObject({
      name: 'NotAllowedError',
      message: expect.stringMatching(/administrator/),
    });
    expect(saved).toEqual([]);
  });

  it('is an administrator’s while signed in, and anyone’s while signed out (connecting a new browser)', async () => {
    for (const state of [
      { signedIn: true, isAdministrator: true },
      { signedIn: false, isAdministrator: false },
    ]) {
      const { h, saved } = sessionHandlers(state);
      await h['settings.setConnection'](CONNECTION, PAGE);
      expect(saved).toEqual([CONNECTION]);
    }
  });
});
