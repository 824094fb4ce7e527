import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { AddressInfo } from 'node:net';
import type { WebhookSubscription } from '../../../server/emulator/contracts';

/** A subscription as the stub keeps it: the platform's list shape, as the emulator keeps it too. */
export type StubSubscription = WebhookSubscription;
type StubSubscriptionState = Omit<WebhookSubscription, 'type' | 'object' | 'fields' | 'event'>;

/** Staff members every stub account has: one administrator, one technician. */
export const STUB_ADMIN = 'aaaaaaaa-0000-4000-8000-00000000000a';
export const STUB_TECHNICIAN = 'aaaaaaaa-0000-4000-8000-00000000000b';
const ROLES = [
  { uuid: 'bbbbbbbb-0000-4000-8000-00000000000a', name: 'Administrator', active: 1 },
  { uuid: 'bbbbbbbb-0000-4000-8000-00000000000b', name: 'Field Technician', active: 1 },
];
const STAFF: Record<string, string> = { [STUB_ADMIN]: ROLES[0]!.uuid, [STUB_TECHNICIAN]: ROLES[1]!.uuid };

/**
 * A small recording stand-in for the platform's vendor and webhook subscription APIs, for tests that
 * count calls. It takes subscriptions as the real platform does (POST /webhook_subscriptions/object and
 * /event; a bare POST is refused) and verifies callbacks the way it does (form-encoded mode=subscribe +
 * challenge). `refuseObjects` and `refuseEvents` are refused one by one, as the platform refuses an object or
 * event an app may not subscribe to.
 */
export async function startStubPlatform(
  tokens: Record<string, string>,
  options: { refuseObjects?: readonly string[]; refuseEvents?: readonly string[] } = {},
) {
  const calls = { vendor: 0, list: 0, add: 0, staff: 0 };
  const subscriptions = new Map<string, StubSubscription[]>();
  const app = new Hono();
  const accountOf = (c: Context) => tokens[(c.req.header('authorization') ?? '').replace(/^Bearer /, '')];
  const unauthorised = (c: Context) => c.json({ errorCode: 401, message: 'Invalid access token' }, 401);

  app.get('/api_1.0/vendor.json', (c) => {
    calls.vendor++;
    const account = accountOf(c);
    return account ? c.json([{ uuid: account, name: 'Stub account' }]) : unauthorised(c);
  });

  app.get('/api_1.0/staff/:file', (c) => {
    calls.staff++;
    if (!accountOf(c)) return unauthorised(c);
    const uuid = c.req.param('file').replace(/\.json$/, '');
    const role = STAFF[uuid];
    return role
      ? c.json({ uuid, first: 'Stub', last: 'Person', active: 1, security_role_uuid: role })
      : c.json({ errorCode: 404, message: 'No such staff' }, 404);
  });

  app.get('/api_1.0/securityrole.json', (c) => (accountOf(c) ? c.json(ROLES) : unauthorised(c)));

  app.get('/webhook_subscriptions', (c) => {
    calls.list++;
    const account = accountOf(c);
    return account ? c.json(subscriptions.get(account) ?? []) : unauthorised(c);
  });

  app.post('/webhook_subscriptions', (c) =>
    c.json({ errorCode: 400, message: 'webhook_subscriptions is not an authorised object type' }, 400),
  );

  /** Verifies the callback, then keeps `sub` in place of the account's subscription of the same kind, name and unique_id. */
  async function subscribe(c: Context, account: string, sub: StubSubscription, answer: unknown) {
    const challenge = `challenge-${Math.random().toString(36).slice(2)}`;
    const reply = await fetch(sub.callback_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ mode: 'subscribe', challenge }),
    }).catch(() => undefined);
    if (reply?.status !== 200 || (await reply.text()) !== challenge) {
      return c.json({ errorCode: 400, message: 'Callback URL verification failed' }, 400);
    }
    subscriptions.set(account, [...(subscriptions.get(account) ?? []).filter((s) => s.uuid !== sub.uuid), sub]);
    return c.json(answer);
  }

  const state = (form: URLSearchParams, existing: StubSubscription | undefined): StubSubscriptionState => ({
    uuid: existing?.uuid ?? crypto.randomUUID(),
    callback_url: form.get('callback_url') ?? '',
    unique_id: form.get('unique_id') ?? '',
    active: true,
    last_failure_reason: null,
    last_failure_at: null,
  });

  const nameOf = (s: StubSubscription) => (s.type === 'object' ? s.object : s.event);
  const KIND_WORD = { object: 'Object', event: 'Event' } as const;

  /** POST /webhook_subscriptions/{kind}: counted; refused as `refused` says; else verified and kept in place of the
   * account's subscription of that kind, name and unique_id. */
  function takeSubscriptions(
    kind: 'object' | 'event',
    refused: readonly string[] | undefined,
    build: (state: StubSubscriptionState, name: string, form: URLSearchParams) => StubSubscription,
    answer: (sub: StubSubscription) => unknown,
  ) {
    app.post(`/webhook_subscriptions/${kind}`, async (c) => {
      calls.add++;
      const account = accountOf(c);
      if (!account) return unauthorised(c);
      const form = new URLSearchParams(await c.req.text());
      const name = form.get(kind) ?? '';
      if (refused?.includes(name))
        return c.json({ errorCode: 400, message: `${KIND_WORD[kind]} ${name} does not support subscription` }, 400);
      const unique = form.get('unique_id') ?? '';
      const existing = subscriptions
        .get(account)
        ?.find((s) => s.type === kind && nameOf(s) === name && s.unique_id === unique);
      const sub = build(state(form, existing), name, form);
      return subscribe(c, account, sub, answer(sub));
    });
  }

  takeSubscriptions(
    'object',
    options.refuseObjects,
    (kept, object, form) => ({ type: 'object', ...kept, object, fields: (form.get('fields') ?? '').split(',') }),
    (sub) => sub,
  );
  takeSubscriptions(
    'event',
    options.refuseEvents,
    (kept, event) => ({ type: 'event', ...kept, event }),
    () => ({ success: true }),
  );

  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    /** Its tokens and their accounts (for passes: feed-server.ts `passesFor`). */
    tokens,
    calls,
    subscriptions,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
