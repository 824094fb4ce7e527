// A tiny host for the OAuth routes in tests: mounted under /oauth as start.ts does, on 127.0.0.1:0.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createClock } from '../clock';
import { createSwitchBoard } from '../switches';
import type { AccountInfo, AppInfo } from '../contracts';
import { createOAuthServer } from './index';

export const RETURN_URL = 'http://127.0.0.1:9/oauth/return';

/** Two accounts (to prove isolation); names with markup, to prove the page escapes them. */
export function fakeAccounts(): AccountInfo[] {
  const staff = (prefix: string) => [
    {
      uuid: `${prefix}-admin`,
      name: 'Ada <b>Admin</b>',
      email: `ada@${prefix}.test`,
      role: 'administrator' as const,
      active: true,
    },
    {
      uuid: `${prefix}-tech`,
      name: 'Tom Tech',
      email: `tom@${prefix}.test`,
      role: 'technician' as const,
      active: true,
    },
    {
      uuid: `${prefix}-gone`,
      name: 'Ivy Inactive',
      email: `ivy@${prefix}.test`,
      role: 'office' as const,
      active: false,
    },
  ];
  return [
    { uuid: 'acct-a', name: 'Acme <script>alert(1)</script> Plumbing', api_key: 'key-a', staff: staff('a') },
    { uuid: 'acct-b', name: 'Bolt & Sons Electrical', api_key: 'key-b', staff: staff('b') },
  ];
}

/** `refreshTokenLifetimeSeconds` and the switches (a board the test may change) as start.ts passes them. */
export async function startOAuthTestServer(options: { refreshTokenLifetimeSeconds?: number } = {}) {
  const clock = createClock();
  const switches = createSwitchBoard();
  const app: AppInfo = {
    name: 'Fieldside',
    client_id: 'fieldside-test',
    client_secret: 's3cret:with+odd/chars',
    return_url: RETURN_URL,
  };
  const accounts = fakeAccounts();
  const oauth = createOAuthServer({ clock, app, accounts, switches, ...options });
  const host = new Hono();
  host.route('/oauth', oauth.routes);
  const server = serve({ fetch: host.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const authUrl = `http://127.0.0.1:${port}`;

  return {
    authUrl,
    app,
    accounts,
    clock,
    switches,
    authority: oauth.authority,
    /** An authorize URL for this app; `params` add to or override the defaults (undefined removes one). */
    authorizeUrl(params: Record<string, string | undefined> = {}): string {
      const url = new URL('/oauth/authorize', authUrl);
      const all = {
        response_type: 'code',
        client_id: app.client_id,
        redirect_uri: RETURN_URL,
        scope: 'read_jobs',
        ...params,
      };
      for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
      return url.toString();
    },
    /** POSTs a form to the token endpoint (client credentials in the body unless given otherwise). */
    async token(form: Record<string, string>, headers: Record<string, string> = {}) {
      const res = await fetch(`${authUrl}/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form).toString(),
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

export type OAuthTestServer = Awaited<ReturnType<typeof startOAuthTestServer>>;
