import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';

/** A callback URL that passes the platform's verification round (answers the challenge, and 200 to anything else). */
export async function startChallengeAnswerer() {
  const app = new Hono();
  app.post('*', async (c) => c.text(new URLSearchParams(await c.req.text()).get('challenge') ?? ''));
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
