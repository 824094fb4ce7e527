import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AddressInfo } from 'node:net';

export type Server = ReturnType<typeof createAdaptorServer>;

// Hono apps of any environment: listening does not care what the routes keep in their context.
type AnyApp = Pick<Hono, 'fetch'>;

/** Serves `app` on 127.0.0.1 only (never a public interface); port 0 picks a free one. */
export async function listen(app: AnyApp, port: number): Promise<{ server: Server; url: string }> {
  const server = createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${address.port}` };
}

/** Stops accepting and drops open keep-alive connections, so a test's close() returns promptly. */
export async function stop(server: Server): Promise<void> {
  const http = server as Server & { closeAllConnections?: () => void };
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    http.closeAllConnections?.();
  });
}
