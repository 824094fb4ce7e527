import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthStartReplySchema } from '../../../contracts/companion-http';
import { sha256Base64Url } from '../../../contracts/installation-binding';
import { bundleEdge } from '../../../server/companion/build-edge';
import { connectRedisFeedStore } from '../../../server/companion/feed/store/redis-node-store';
import type { RunningEmulator } from '../../../server/emulator/contracts';
import { startEmulator } from '../../../server/emulator/start';
import { CHROME_ID, emulatorPlatformEnv, CHROME_REDIRECT, SIGNING_SECRET } from '../../support/companion/env';
import { actingAs, bearer, issuePasses, openStream } from '../../support/companion/feed-client';
import { startRedisRestServer, type RedisRestServer } from '../../support/companion/redis-rest-server';
import { startRedisServer, type RedisServer } from '../../support/companion/redis-server';
import { startWorkerd, type RunningWorkerd } from '../../support/companion/workerd';

// The companion's edge bundle on workerd, the runtime Cloudflare Workers run on: built as `npm run
// companion:build:edge` builds it, configured by text bindings, its shared store Redis over HTTP (a local server
// speaking that API in front of a real redis-server), reached from inside workerd over 127.0.0.1.

let dir: string;
let bundle: string;
let redis: RedisServer;
let rest: RedisRestServer;
let emulator: RunningEmulator;
const running: RunningWorkerd[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fieldside-edge-'));
  bundle = (await bundleEdge({ outfile: join(dir, 'companion.mjs') })).outfile;
  redis = await startRedisServer();
  rest = await startRedisRestServer({ redisUrl: redis.url });
  emulator = await startEmulator({ port: 0, jobs: 20, quiet: true });
});

afterAll(async () => {
  for (const workerd of running) await workerd.stop();
  await emulator?.close();
  await rest?.stop();
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function serve(bindings: Record<string, string>): Promise<RunningWorkerd> {
  const workerd = await startWorkerd({
    bundle,
    bindings: { REDIS_REST_URL: rest.url, REDIS_REST_TOKEN: rest.token, ...bindings },
  });
  running.push(workerd);
  return workerd;
}

describe('the edge bundle on workerd', () => {
  it('in production: answers /health, starts a sign-in counted in the shared store, refuses a feed read without a token', async () => {
    // Nothing here reaches the platform, so its https addresses need not exist.
    const edge = await serve({
      PLATFORM_BASE_URL: 'https://api.platform.example',
      PLATFORM_AUTH_URL: 'https://go.platform.example',
      CLIENT_ID: 'edge-client',
      CLIENT_SECRET: 'edge-client-secret-value',
      ALLOWED_EXTENSION_IDS: CHROME_ID,
      PUBLIC_URL: 'https://companion.example',
      SIGNING_SECRET,
    });
    const health = await fetch(`${edge.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });

    const installation = await sha256Base64Url(`installation-${crypto.randomUUID()}`);
    const start = await fetch(`${edge.url}/oauth/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_url: CHROME_REDIRECT,
        scopes: ['vendor'],
        code_challenge: installation,
        installation,
      }),
    });
    expect(start.status).toBe(200);
    const authorize = new URL(OAuthStartReplySchema.parse(await start.json()).authorize_url);
    expect(authorize.origin).toBe('https://go.platform.example');
    // The flow's own Return URL (oauth/code-mac.ts).
    expect(authorize.searchParams.get('redirect_uri')).toMatch(
      /^https:\/\/companion\.example\/oauth\/return\/[A-Za-z0-9_-]{22}$/,
    );
    const probe = new Redis(redis.url);
    try {
      expect(await probe.keys(`fieldside:limit:installation:${installation}:*`)).toHaveLength(1);
    } finally {
      probe.disconnect();
    }

    const unsigned = await fetch(`${edge.url}/feed`);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ error: 'invalid_token' });
  });

  // Development mode from here on: the emulator speaks http on 127.0.0.1, which production refuses for the
  // platform, and it must deliver webhooks to workerd's own plain-http address (PUBLIC_URL taken from the first
  // request, which only development allows).
  describe('against the platform emulator', () => {
    let edge: RunningWorkerd;
    let account: string;
    let admin: string;
    let token: string;

    beforeAll(async () => {
      const first = emulator.info.accounts[0]!;
      account = first.uuid;
      admin = (first.staff.find((s) => s.role === 'administrator') ?? first.staff[0]!).uuid;
      const scopes = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles', 'read_schedule'];
      token = (await emulator.control.issueTokens(account, admin, scopes)).access_token;
      // Its passes, as the companion hands them out: at sign-in, and once paired (naming the administrator).
      await issuePasses(SIGNING_SECRET, { [token]: account }, [undefined, admin]);
      edge = await serve({
        ...emulatorPlatformEnv(emulator.info),
        ALLOWED_EXTENSION_IDS: CHROME_ID,
        SIGNING_SECRET,
        REDIS_REST_POLL_SECONDS: '1',
      });
    });

    async function positionNow(): Promise<string> {
      const res = await fetch(`${edge.url}/feed`, { headers: bearer(token) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { position: string }).position;
    }

    it('streams live what an instance on Node appended to the shared Redis', async () => {
      const stream = await openStream(`${edge.url}/feed/stream?after=${await positionNow()}`, token);
      expect(stream.res.status).toBe(200);
      await stream.until(() => stream.comments.includes('connected'));
      const onNode = await connectRedisFeedStore({ url: redis.url, maxEntries: 100 });
      try {
        const uuid = crypto.randomUUID();
        const change = {
          object: 'job',
          uuid,
          changed_fields: ['status'],
          time: '2026-11-21 06:00:00',
          resource_url: `${emulator.info.base_url}/api_1.0/job/${uuid}.json`,
        };
        expect((await onNode.append(account, change, `edge-${uuid}`, 0)).kind).toBe('appended');
        await stream.until(() => stream.changes().some((c) => c.uuid === uuid), 5000);
      } finally {
        stream.close();
        await onNode.close();
      }
    });

    it("answers the platform's verification and turns an office change into a live change", async () => {
      const register = await fetch(`${edge.url}/feed/register`, { method: 'POST', headers: actingAs(token, admin) });
      expect(register.status).toBe(200);
      expect(await register.json()).toMatchObject({ account_uuid: account, manages_subscriptions: true, refused: [] });
      const subscriptions = (await (
        await fetch(`${emulator.info.base_url}/webhook_subscriptions?status=all`, { headers: bearer(token) })
      ).json()) as {
        callback_url: string;
        active: boolean;
      }[];
      expect(subscriptions.length).toBeGreaterThan(0);
      expect(subscriptions.every((s) => s.active && s.callback_url.startsWith(`${edge.url}/webhooks/`))).toBe(true);

      const stream = await openStream(`${edge.url}/feed/stream?after=${await positionNow()}`, token);
      expect(stream.res.status).toBe(200);
      await stream.until(() => stream.comments.includes('connected'));
      const job = (await emulator.control.listRecords(account, 'job')).find((j) => j.status !== 'Completed')!;
      await emulator.control.updateRecord(account, 'job', String(job.uuid), { status: 'Completed' });
      await stream.until(() => stream.changes().some((c) => c.uuid === job.uuid), 5000);
      stream.close();
    });
  });
});
