import { createServer, type Server } from 'node:http';
import { expect } from 'vitest';
import { FIELDSIDE_SUBSCRIPTIONS } from '../../../server/companion/feed/subscriptions/subscriptions';
import type { Stack } from './stack';

// A callback URL that a test controls: it passes the platform's verification (answers the
// challenge byte for byte) and answers every notification with `status` (500: a failing receiver).

export interface TestReceiver {
  url: string;
  notifications: unknown[];
  status: number;
  close(): Promise<void>;
}

export async function startReceiver(status = 500): Promise<TestReceiver> {
  const receiver: TestReceiver = { url: '', notifications: [], status, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      if (form.get('mode') === 'subscribe' && form.get('challenge')) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(form.get('challenge'));
        return;
      }
      receiver.notifications.push(JSON.parse(body || 'null'));
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

/** Fieldside's subscriptions of the stack's account, made at the platform with an administrator's grant, to a
 * callback that passes the platform's check. */
export async function subscribeFieldside(stack: Stack, callbackUrl: string): Promise<void> {
  const { access_token } = await stack.emulator.control.issueTokens(stack.account.uuid, stack.administrator.uuid, [
    'vendor',
    'read_jobs',
    'read_job_notes',
    'read_schedule',
  ]);
  for (const { object, unique_id, fields } of FIELDSIDE_SUBSCRIPTIONS) {
    const added = await fetch(`${stack.emulator.info.base_url}/webhook_subscriptions/object`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ object, fields: fields.join(','), callback_url: callbackUrl, unique_id }),
    });
    expect(added.status, `the platform takes Fieldside's ${object} subscription`).toBe(200);
  }
}
