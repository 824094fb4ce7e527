import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { WebhookSubscription } from '../../../server/emulator/contracts';

/**
 * A small recording stand-in for the platform's vendor and webhook subscription APIs, for tests that
 * count calls. It verifies callbacks the way the platform does (form-encoded mode=subscribe + challenge).
 */
export async function startStubPlatform(tokens: Record<string, string>) {
  const calls = { vendor: 0, list: 0, add: 0 };
  const subscriptions = new Map<string, WebhookSubscription[]>();
  const app = new Hono();
  const accountOf = (auth: string | undefined) => tokens[(auth ?? '').replace(/^Bearer /, '')];

  app.get('/api_1.0/vendor.json', (c) => {
    calls.vendor++;
    const account = accountOf(c.req.header('authorization'));
    if (!account) return c.json({ errorCode: 401, message: 'Invalid access token' }, 401);
    return c.json([{ uuid: account, name: 'Stub account' }]);
  });

  app.get('/webhook_subscriptions', (c) => {
    calls.list++;
    const account = accountOf(c.req.header('authorization'));
    if (!account) return c.json({ errorCode: 401, message: 'Invalid access token' }, 401);
    return c.json(subscriptions.get(account) ?? []);
  });

  app.post('/webhook_subscriptions', async (c) => {
    calls.add++;
    const account = accountOf(c.req.header('authorization'));
    if (!account) return c.json({ errorCode: 401, message: 'Invalid access token' }, 401);
    const form = new URLSearchParams(await c.req.text());
    const sub: WebhookSubscription = {
      type: 'object',
      object: form.get('object') ?? '',
      callback_url: form.get('callback_url') ?? '',
      fields: (form.get('fields') ?? '').split(','),
      unique_id: form.get('unique_id') ?? '',
      active: true,
      last_failure_reason: null,
      last_failure_at: null,
    };
    const challenge = `challenge-${Math.random().toString(36).slice(2)}`;
    const answer = await fetch(sub.callback_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ mode: 'subscribe', challenge }),
    }).catch(() => undefined);
    if (answer?.status !== 200 || (await answer.text()) !== challenge) {
      return c.json({ errorCode: 400, message: 'Callback URL verification failed' }, 400);
    }
    const list = (subscriptions.get(account) ?? []).filter((s) => !(s.object === sub.object && s.unique_id === sub.unique_id));
    subscriptions.set(account, [...list, sub]);
    return c.json(sub);
  });

  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    subscriptions,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
