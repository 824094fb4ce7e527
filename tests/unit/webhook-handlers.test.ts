import { describe, expect, it } from 'vitest';
import { createWebhookHandlers } from '../../entrypoints/background/handlers/webhooks';
import type { SenderInfo } from '../../lib/messaging/sender';
import type { SessionView } from '../../lib/messaging/session-view';

const PAGE = {} as SenderInfo;

// The options page's webhook actions are an administrator's: the background refuses them to anyone else,
// whatever the page sends, and reads the role from the platform at each action rather than from what was
// stored when the person chose who they are.

const ME = { uuid: 'bbbbbbbb-0000-4000-8000-000000000001', name: 'Tess', email: 't@example.com', isAdmin: true };

function handlers(opts: { mode: 'oauth' | 'api_key'; me?: typeof ME | null; platformSaysAdmin?: boolean }) {
  const calls: string[] = [];
  const view = { mode: opts.mode, me: opts.me ?? null } as SessionView;
  const client = async () => {
    calls.push('client');
    return { webhooks: { list: async () => [], reactivate: async () => undefined, remove: async () => undefined } } as never;
  };
  const h = createWebhookHandlers({
    client,
    session: { view: async () => view },
    who: { list: async () => ({ staff: [{ ...ME, isAdmin: opts.platformSaysAdmin ?? true }], suggested: null }) },
    feed: { rotate: async () => (calls.push('rotate'), { refused: [], retired: true }) },
  });
  const id = { kind: 'object' as const, name: 'job', uniqueId: 'fieldside-job' };
  const all = () => [h['webhooks.list']({ status: 'all' }, PAGE), h['webhooks.reactivate'](id, PAGE), h['webhooks.delete'](id, PAGE), h['webhooks.rotate']({}, PAGE)];
  return { h, calls, all };
}

describe('webhook handlers', () => {
  it.each([
    ['a technician', { mode: 'oauth' as const, me: { ...ME, isAdmin: false }, platformSaysAdmin: false }],
    ['someone who has not said who they are', { mode: 'oauth' as const, me: null }],
    ['an administrator the platform no longer counts as one', { mode: 'oauth' as const, me: ME, platformSaysAdmin: false }],
  ])('refuse %s every action, before the platform or the companion is asked', async (_name, opts) => {
    const { calls, all } = handlers(opts);
    for (const action of all()) await expect(action).rejects.toMatchObject({ name: 'NotAllowedError', message: expect.stringMatching(/administrator/) });
    expect(calls).toEqual([]);
  });

  it('let an administrator list and change the address, and an API key (the account\'s own) list', async () => {
    const admin = handlers({ mode: 'oauth', me: ME });
    expect(await admin.h['webhooks.list']({ status: 'all' }, PAGE)).toEqual({ subscriptions: [] });
    expect(await admin.h['webhooks.rotate']({}, PAGE)).toEqual({ refused: [], retired: true });
    expect(admin.calls).toEqual(['client', 'rotate']);
    const key = handlers({ mode: 'api_key' });
    expect(await key.h['webhooks.list']({ status: 'all' }, PAGE)).toEqual({ subscriptions: [] });
  });
});
