// Shared pieces of the webhook tests: the subscription API behind a fake principal, real callback receivers,
// and an in-test change bus. Only tests import this file.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createClock } from '../clock';
import type { ChangeBus, Clock, EmulatorEnv, Principal, RecordChange } from '../contracts';
import { DEFAULT_SWITCHES, type Switches } from '../switches';
import { createWebhooks } from './index';

export const ACCOUNT = '6c1b0a34-2f9e-4d0c-9d4e-3f1a0b7e5a01';
export const OTHER_ACCOUNT = '0f5e8f3e-8d7a-4b8e-b2a5-1c7d2e9a4f02';
export const APP = 'fieldside-app';

export const apiKey = (accountUuid = ACCOUNT, appId = APP): Principal => ({ kind: 'api_key', accountUuid, appId });
export const oauth = (accountUuid = ACCOUNT, appId = APP, scopes = ['read_jobs']): Principal => ({
  kind: 'oauth',
  accountUuid,
  appId,
  scopes: new Set(scopes),
  consentingStaffUuid: '9a0e6a4d-5b1c-4f7e-8a2b-3c4d5e6f7a08',
});

export function createTestBus(): ChangeBus {
  const listeners = new Set<(change: RecordChange) => void>();
  return {
    emit: (change) => listeners.forEach((listener) => listener(change)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The routes behind a stand-in for the REST auth middleware: the principal comes from a test header. */
export async function startApi(routes: Hono<EmulatorEnv>) {
  const app = new Hono<EmulatorEnv>();
  app.use(async (c, next) => {
    const raw = JSON.parse(c.req.header('x-test-principal') ?? 'null') as Principal & { scopes?: string[] };
    c.set('principal', raw.kind === 'oauth' ? { ...raw, scopes: new Set(raw.scopes) } : raw);
    c.set('actingStaffUuid', undefined);
    // The real auth middleware reads a form body for `access_token` before the routes run; so does this one.
    if (c.req.header('content-type')?.includes('form-urlencoded')) await c.req.text();
    await next();
  });
  app.route('/webhook_subscriptions', routes);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook_subscriptions`;

  /** Calls the API as `principal`. */
  function as(principal: Principal) {
    const headers = {
      'x-test-principal': JSON.stringify(
        principal.kind === 'oauth' ? { ...principal, scopes: [...principal.scopes] } : principal,
      ),
    };
    const form = (method: string, url: string, params: Record<string, string>) =>
      fetch(url, {
        method,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params),
      });
    return {
      list: (status?: string) =>
        fetch(status === undefined ? base : `${base}?status=${encodeURIComponent(status)}`, { headers }),
      /** An object subscription: POST /webhook_subscriptions/object. */
      add: (params: Record<string, string>) => form('POST', `${base}/object`, params),
      addEvent: (params: Record<string, string>) => form('POST', `${base}/event`, params),
      /** POST /webhook_subscriptions itself, which the platform refuses. */
      addBare: (params: Record<string, string>) => form('POST', base, params),
      addRaw: (body: string, contentType: string) =>
        fetch(`${base}/object`, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body }),
      addJson: (body: unknown) =>
        fetch(`${base}/object`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      remove: (params: Record<string, string>) => form('DELETE', base, params),
      removeByQuery: (params: Record<string, string>) =>
        fetch(`${base}?${new URLSearchParams(params)}`, { method: 'DELETE', headers }),
      removeByUuid: (uuid: string) => fetch(`${base}/${encodeURIComponent(uuid)}`, { method: 'DELETE', headers }),
    };
  }
  return { as, close: () => closeServer(server) };
}

export interface Received {
  contentType: string | undefined;
  body: string;
  /** Emulator time when the request arrived. */
  at: number;
}

/** What a receiver answers: a status and body, or "hang" to never answer (for timeouts). */
export type Answer = { status: number; body?: string; delayMs?: number } | 'hang';

/** A real callback URL on 127.0.0.1 that records each request and answers as the test says. */
export async function startReceiver(clock: Clock, answer: (req: Received, index: number) => Answer) {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  let open = 0;
  let maxOpen = 0;
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
        at: clock.now(),
      };
      received.push(entry);
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      const reply = answer(entry, received.length - 1);
      if (reply === 'hang') return void hanging.push(res);
      setTimeout(() => {
        open -= 1;
        res.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body ?? '');
      }, reply.delayMs ?? 0);
    });
  });
  const url = `${await listen(server)}/hooks/callback`;
  return {
    url,
    received,
    /** The most requests this receiver had open at once. */
    maxConcurrent: () => maxOpen,
    /** Notification bodies (not verification requests), as JSON, whether sent as JSON or in the form field. */
    notifications: () => received.filter((r) => challengeOf(r) === undefined).map(payloadOf),
    close: () => closeServer(server),
  };
}

/** A form-encoded verification request's challenge, or undefined for anything else. */
export function challengeOf(req: Received): string | undefined {
  if (!req.contentType?.startsWith('application/x-www-form-urlencoded')) return undefined;
  const params = new URLSearchParams(req.body);
  return params.get('mode') === 'subscribe' ? (params.get('challenge') ?? undefined) : undefined;
}

/** Polls until `check` holds (real time), for deliveries that happen asynchronously. */
export async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A port on 127.0.0.1 that nothing listens on (for refused connections). */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await closeServer(server);
  return `${url}/hooks/callback`;
}

/** The JSON of a notification: the body itself, or the `data` field of a form-encoded one. */
export function payloadOf(req: Received): unknown {
  if (req.contentType?.startsWith('application/x-www-form-urlencoded'))
    return JSON.parse(new URLSearchParams(req.body).get('data') ?? 'null');
  return JSON.parse(req.body);
}

/** The webhook engine of one test: its clock (at `startAt`), change bus and subscription API, and the callback
 * receivers it started, all closed by `close`. */
export async function startWebhookScene(
  startAt: number,
  options: { baseUrl?: string; requestTimeoutMs?: number; switches?: Partial<Switches> } = {},
) {
  const clock = createClock(startAt);
  const bus = createTestBus();
  const { baseUrl = 'http://127.0.0.1:4010', switches, ...webhookOptions } = options;
  const webhooks = createWebhooks(
    {
      clock,
      changes: bus,
      baseUrl: () => baseUrl,
      ...(switches ? { switches: { get: () => ({ ...DEFAULT_SWITCHES, ...switches }) } } : {}),
    },
    webhookOptions,
  );
  const api = await startApi(webhooks.routes);
  const receivers: Array<() => Promise<void>> = [];
  return {
    clock,
    bus,
    webhooks,
    api,
    /** A callback receiver answering each request as `answer` says (200 by default). */
    async receiver(answer: (req: Received, index: number) => Answer = () => ({ status: 200 })) {
      const started = await startReceiver(clock, answer);
      receivers.push(started.close);
      return started;
    },
    async close() {
      webhooks.close();
      await api.close();
      for (const close of receivers.splice(0)) await close();
    },
  };
}
export type WebhookScene = Awaited<ReturnType<typeof startWebhookScene>>;
