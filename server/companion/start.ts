import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCompanionApp, type CompanionDeps } from './app';
import { loadConfig } from './config';
import { createRequestGate } from './request-gate';
import { nodeStores } from './node-stores';

// Starts the companion on Node. It listens before it builds the app, because with PORT 0 and PUBLIC_URL
// `auto` (or absent; development only, see config.ts) its own URL, which the OAuth Return URL and webhook
// callbacks hang off, is known only then.
// Requests that arrive in that instant get a 503 rather than a half-configured answer.

export interface RunningCompanion {
  url: string;
  /** Stops gracefully: no new connections and no new requests, open change streams ended (their clients
   * reconnect to another instance), requests under way given SHUTDOWN_GRACE_SECONDS, then the stores closed. */
  close(): Promise<void>;
  /** Resolves once no signed change waits to be collected or is being read (feed/enrich/held-changes.ts). */
  settled(): Promise<void>;
}

/** How long a shutdown lets answers already handed to Node reach their clients. */
const LAST_WRITES_MS = 1_000;

function urlOf(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export async function startCompanion(
  env: Record<string, string | undefined>,
  deps: CompanionDeps = {},
): Promise<RunningCompanion> {
  // Check the configuration before binding, so a mistake fails fast and leaves no socket open.
  const draft = loadConfig(env, { listeningUrl: 'http://127.0.0.1' });

  let handler: ((request: Request) => Response | Promise<Response>) | undefined;
  const gate = createRequestGate();
  const server = createAdaptorServer({
    fetch: (request: Request) =>
      handler
        ? gate.pass(request, handler)
        : Response.json({ error: 'starting', message: 'The companion is starting' }, { status: 503 }),
  }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(draft.port, draft.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = urlOf(draft.host, (server.address() as AddressInfo).port);

  let companion: Awaited<ReturnType<typeof createCompanionApp>>;
  try {
    companion = await createCompanionApp(loadConfig(env, { listeningUrl: url }), nodeStores, deps);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  handler = (request) => companion.app.fetch(request);

  let closing: Promise<void> | undefined;
  return {
    url,
    settled: () => companion.settled(),
    close() {
      closing ??= (async () => {
        gate.close();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // Streams never finish by themselves: end them now, so their clients reconnect elsewhere at once.
        companion.endStreams();
        await gate.settled(draft.shutdownGraceMs);
        await companion.close();
        // The last answers may still be on their way out: close each connection once it is idle, and cut what
        // is left after a moment.
        const sweep = setInterval(() => server.closeIdleConnections(), 20);
        const cut = setTimeout(() => server.closeAllConnections(), LAST_WRITES_MS);
        server.closeIdleConnections();
        await stopped;
        clearInterval(sweep);
        clearTimeout(cut);
      })();
      return closing;
    },
  };
}
