import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RedisServer } from './redis-server';

// Redis over HTTP in the shape edge platforms offer it (Upstash's REST API), in front of a real redis-server: POST a
// JSON array of a command's words to `/` and get `{ result }` (or 400 `{ error }`); POST an array of commands to
// `/pipeline` and get one `{ result }` or `{ error }` per command. Replies are RESP2's, as that service sends them.
// Only what the companion's HTTP stores use; every request must carry the bearer token.

export interface RedisRestServer {
  url: string;
  token: string;
  /** Commands run so far (a pipeline counts each of its commands), for figures. */
  commands(): number;
  stop(): Promise<void>;
}

type Words = (string | number)[];

const isWords = (v: unknown): v is Words =>
  Array.isArray(v) && v.length > 0 && v.every((w) => typeof w === 'string' || typeof w === 'number');

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startRedisRestServer(opts: { redisUrl: string; token?: string }): Promise<RedisRestServer> {
  const token = opts.token ?? `rest-token-${crypto.randomUUID()}`;
  // RESP2, as the HTTP services answer: maps and doubles in the flat shapes Redis 6 clients know.
  const redis = new Redis(opts.redisUrl, { protocol: 2, lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  await redis.connect();
  let count = 0;

  async function run(words: Words): Promise<{ result: unknown } | { error: string }> {
    count++;
    const [name, ...args] = words.map(String);
    try {
      return { result: (await redis.call(name!, ...args)) ?? null };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST') return send(res, 405, { error: 'Method not allowed' });
      if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { error: 'Unauthorized' });
      const body = await readJson(req);
      if (req.url === '/pipeline') {
        if (!Array.isArray(body) || !body.every(isWords))
          return send(res, 400, { error: 'ERR failed to parse pipeline request' });
        return send(res, 200, await Promise.all(body.map(run)));
      }
      if (req.url !== '/') return send(res, 404, { error: 'Not found' });
      if (!isWords(body)) return send(res, 400, { error: 'ERR failed to parse command' });
      const reply = await run(body);
      send(res, 'error' in reply ? 400 : 200, reply);
    })().catch(() => send(res, 500, { error: 'ERR internal' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    token,
    commands: () => count,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      redis.disconnect();
    },
  };
}

/** A real redis-server and this protocol's server in front of it, for one test file: started before its tests and
 * stopped after them. Read `redis` and `rest` inside tests (they exist once the file's tests begin). */
export function redisBehindRestForFile(): { readonly redis: RedisServer; readonly rest: RedisRestServer } {
  let redis: RedisServer | undefined;
  let rest: RedisRestServer | undefined;
  beforeAll(async () => {
    redis = await startRedisServer();
    rest = await startRedisRestServer({ redisUrl: redis.url });
  });
  afterAll(async () => {
    await rest?.stop();
    await redis?.stop();
  });
  return {
    get redis() {
      if (!redis) throw new Error('redis-server is not started yet: read it inside a test');
      return redis;
    },
    get rest() {
      if (!rest) throw new Error('the Redis HTTP server is not started yet: read it inside a test');
      return rest;
    },
  };
}
