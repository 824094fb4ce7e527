import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { COMPANION_HEADERS, type FeedChange } from '../../../contracts/companion-http';
import { toUuid } from '../../../contracts/uuid';
import { ADDON_EVENTS } from '../../../server/companion/addon/events';
import { createCompanionApp } from '../../../server/companion/app';
import { loadConfig } from '../../../server/companion/config';
import { callbackKey, signCallbackToken } from '../../../server/companion/feed/index';
import { nodeStores } from '../../../server/companion/node-stores';
import { flowOf } from '../../../server/companion/oauth/code-mac';
import { signPass } from '../../../server/companion/trust/pass';
import type { DevStack } from '../../../server/development/dev-stack';
import type { AccountInfo, StaffInfo, Switches } from '../../../server/emulator/contracts';
import { activateAccount, activatedAccount, webPanel } from '../../support/companion/addon-platform';
import { signEvent } from '../../support/companion/event-signing';
import { postJson } from '../../support/companion/env';
import { openStream } from '../../support/companion/feed-client';
import { signInBrowser, type TrustedBrowser } from '../../support/companion/trusted-browser';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';

// Issue 29, "It must show": every companion route, listed from the app's own router (a new route fails this test
// until it is swept), called by a technician who claims to be the administrator in every way the API allows: the old
// X-Fieldside-Staff header, a body field, query parameters, the administrator's own pass shown with the technician's
// token, a pass signed with another key, the administrator's identity replayed without the administrator's
// installation key, and the technician's own paired pass. Nothing an administrator alone may do is granted: no
// rotation, no subscription change, no record of a job the technician may not see, no pass or identity naming the
// administrator, no change of the grant the account keeps. Under every position of tokenView and impersonation.

const POSITIONS: Array<Pick<Switches, 'tokenView' | 'impersonation'>> = [
  { tokenView: 'account', impersonation: 'widens' },
  { tokenView: 'account', impersonation: 'narrows' },
  { tokenView: 'grantor', impersonation: 'widens' },
  { tokenView: 'grantor', impersonation: 'narrows' },
];

/** The app's routes, method and path, as its router has them (middleware `ALL` entries left out). */
async function routesOf(env: Record<string, string | undefined>): Promise<string[]> {
  const built = await createCompanionApp(loadConfig(env, { listeningUrl: 'http://127.0.0.1:1' }), nodeStores);
  try {
    return [...new Set(built.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].sort();
  } finally {
    await built.close();
  }
}

describe.each(POSITIONS)(
  'every route, a technician claiming the administrator: tokenView $tokenView, impersonation $impersonation',
  (switches) => {
    let stack: DevStack;
    let account: AccountInfo;
    let admin: StaffInfo;
    let technician: StaffInfo;
    let office: StaffInfo;
    let hidden: string;
    let theirs: string;
    let adminBrowser: TrustedBrowser;
    let tech: TrustedBrowser;
    let replayed: TrustedBrowser;
    let secret: string;

    /** The platform's subscriptions of both accounts (the administrator's own view). */
    async function subscriptions(): Promise<unknown> {
      return stack.emulator.webhooks.subscriptions().map((s) => [s.accountUuid, s.unique_id, s.callback_url, s.active]);
    }
    const panel = (staff: StaffInfo, job: string) => webPanel(stack, account, staff, job);

    setUpFile(async (own) => {
      stack = own(await startQuietStack({ emulator: { jobs: 60, quiet: true, ...switches } }));
      secret = stack.companionEnv.SIGNING_SECRET!;
      account = stack.emulator.info.accounts[0]!;
      ({ admin, technician, office, theirs, hidden } = await activatedAccount(stack, account));
      adminBrowser = await signInBrowser(stack, { account: account.uuid, staff: admin.uuid });
      await adminBrowser.pairAs(admin.uuid, theirs);
      tech = await signInBrowser(stack, { account: account.uuid, staff: technician.uuid });
      await tech.pairAs(technician.uuid, theirs);
      // A technician's installation presenting the administrator's identity at its own sign-in.
      replayed = await signInBrowser(stack, { account: account.uuid, staff: technician.uuid });
      const flow = await replayed.driver.toCode(
        `https://${stack.companionEnv.ALLOWED_EXTENSION_IDS!.split(',')[0]}.chromiumapp.org/`,
      );
      const answer = await replayed.driver.exchange(flow, { identity: adminBrowser.identity! });
      replayed.tokens = await answer.json();
      // The office changes the job the technician may not see: its record is on the feed for those who may.
      for (const text of ['Kept from the technician', 'Still kept from the technician']) {
        await stack.emulator.control.updateRecord(account.uuid, 'job', hidden, { job_description: text });
        await stack.emulator.control.advanceClock(2);
      }
    });

    it('grants nothing an administrator alone may do', async () => {
      const routes = await routesOf(stack.companionEnv);
      const before = await subscriptions();
      const forged = await signPass('a-signing-secret-that-is-not-the-companion-s', {
        account: account.uuid,
        accessToken: tech.tokens.access_token,
        expiresAtMs: Date.now() + 3_600_000,
        staff: toUuid(admin.uuid),
      });
      /** Every way the API lets a technician say "I am the administrator": headers, and extra body and query fields. */
      const claims: Array<{ name: string; headers: Record<string, string> }> = [
        { name: 'the old header', headers: { ...tech.headers(), 'X-Fieldside-Staff': admin.uuid } },
        {
          name: "the administrator's pass",
          headers: { ...tech.headers(), [COMPANION_HEADERS.pass]: adminBrowser.tokens.fieldside_pass! },
        },
        { name: 'a pass of another key', headers: { ...tech.headers(), [COMPANION_HEADERS.pass]: forged } },
        { name: "the administrator's identity replayed", headers: replayed.headers() },
        { name: "the technician's own paired pass", headers: tech.headers() },
      ];
      const query = `staff=${admin.uuid}&staff_uuid=${admin.uuid}&as=${admin.uuid}`;
      const extra = { staff: admin.uuid, staff_uuid: admin.uuid, identity: adminBrowser.identity };
      const key = await callbackKey(secret);
      const callback = await signCallbackToken(key, account.uuid, 0);
      const { state } = (await (
        await postJson(`${stack.companion.url}/oauth/start`, {
          redirect_url: `https://${stack.companionEnv.ALLOWED_EXTENSION_IDS!.split(',')[0]}.chromiumapp.org/`,
          scopes: ['vendor'],
          code_challenge: 'c'.repeat(43),
          installation: tech.driver.installation.id,
        })
      ).json()) as { state: string };

      /** How each route is called, with the claim's headers, the extra fields and query. */
      const callers: Record<string, (h: Record<string, string>) => Promise<Response>> = {
        'GET /': (h) => fetch(`${stack.companion.url}/?${query}`, { headers: h }),
        'GET /health': (h) => fetch(`${stack.companion.url}/health?${query}`, { headers: h }),
        'GET /ready': (h) => fetch(`${stack.companion.url}/ready?${query}`, { headers: h }),
        'GET /icon.png': (h) => fetch(`${stack.companion.url}/icon.png?${query}`, { headers: h }),
        'GET /pair': (h) => fetch(`${stack.companion.url}/pair?${query}`, { headers: h }),
        'GET /activate': (h) =>
          fetch(`${stack.companion.url}/activate?${query}&ticket=x`, { headers: h, redirect: 'manual' }),
        'GET /oauth/return': (h) =>
          fetch(`${stack.companion.url}/oauth/return?code=stolen&state=${encodeURIComponent(state)}&${query}`, {
            headers: h,
            redirect: 'manual',
          }),
        'GET /oauth/return/:flow{[A-Za-z0-9_-]{22}}': async (h) =>
          fetch(
            `${stack.companion.url}/oauth/return/${await flowOf(state)}?code=stolen2&state=${encodeURIComponent(state)}&${query}`,
            {
              headers: h,
              redirect: 'manual',
            },
          ),
        'POST /oauth/start': (h) =>
          postJson(
            `${stack.companion.url}/oauth/start?${query}`,
            { redirect_url: 'https://x/', scopes: ['vendor'], ...extra },
            h,
          ),
        'POST /oauth/token': async (h) => {
          const flow = await tech.driver.toCode(
            `https://${stack.companionEnv.ALLOWED_EXTENSION_IDS!.split(',')[0]}.chromiumapp.org/`,
          );
          return postJson(
            `${stack.companion.url}/oauth/token?${query}`,
            {
              code: flow.code,
              state: flow.state,
              code_mac: flow.codeMac,
              code_verifier: flow.verifier,
              installation_key: tech.driver.installation.key,
              ...extra,
            },
            h,
          );
        },
        'POST /oauth/refresh': async (h) => {
          const answer = await postJson(
            `${stack.companion.url}/oauth/refresh?${query}`,
            {
              refresh_token: tech.tokens.refresh_token,
              proof: await tech.driver.installation.prove(tech.tokens.refresh_token),
              ...extra,
            },
            h,
          );
          if (answer.ok) tech.tokens = { ...(await answer.clone().json()), fieldside_pass: tech.tokens.fieldside_pass };
          return answer;
        },
        'POST /addon/event': async () => {
          // The App Secret is the platform's: the technician can sign an event only with a key of their own.
          const token = await signEvent('not-the-app-secret', {
            eventVersion: '1.0',
            eventName: ADDON_EVENTS.web,
            auth: { accountUUID: account.uuid, staffUUID: admin.uuid },
            eventArgs: { jobUUID: hidden },
          });
          return fetch(`${stack.companion.url}/addon/event`, { method: 'POST', body: token });
        },
        // The photo route takes only the upload ticket the companion signed from a platform event: a technician can
        // make one up naming the administrator and the hidden job, but not sign it.
        'POST /addon/photo': (h) => {
          const form = new FormData();
          form.set('ticket', `${btoa(JSON.stringify({ account: account.uuid, staff: admin.uuid, job: hidden }))}.x.y`);
          form.set('uuid', crypto.randomUUID());
          form.set('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'a.png');
          return fetch(`${stack.companion.url}/addon/photo?${query}`, { method: 'POST', headers: h, body: form });
        },
        'OPTIONS /addon/photo': (h) =>
          fetch(`${stack.companion.url}/addon/photo?${query}`, { method: 'OPTIONS', headers: h }),
        'POST /pair/claim': async (h) => {
          const link = await (
            await import('../../support/companion/addon-platform')
          ).pairingLinkOf(stack, {
            account: account.uuid,
            staff: technician.uuid,
            jobUuid: theirs,
          });
          const code = link.hash.slice(1);
          return postJson(
            `${stack.companion.url}/pair/claim?${query}`,
            {
              code,
              installation_key: tech.driver.installation.key,
              proof: await tech.driver.installation.provePairing(code),
              ...extra,
            },
            h,
          );
        },
        'POST /webhooks/:token': () =>
          postJson(`${stack.companion.url}/webhooks/${callback}?${query}`, {
            object: 'job',
            entry: [{ changed_fields: ['status'], time: '2026-11-21 07:00:00', uuid: hidden }],
            resource_url: `${stack.emulator.info.base_url}/api_1.0/job/${hidden}.json`,
          }),
        'POST /feed/register': (h) =>
          fetch(`${stack.companion.url}/feed/register?${query}`, { method: 'POST', headers: h }),
        'POST /feed/rotate': (h) =>
          fetch(`${stack.companion.url}/feed/rotate?${query}`, { method: 'POST', headers: h }),
        'GET /feed': (h) => fetch(`${stack.companion.url}/feed?after=0&${query}`, { headers: h }),
        'GET /feed/stream': async (h) => {
          const stream = await openStream(
            `${stack.companion.url}/feed/stream?after=0&${query}`,
            tech.tokens.access_token,
            h,
          );
          if (stream.res.ok)
            await stream.until(() => stream.changes().filter((c) => c.uuid === hidden).length >= 2, 10_000);
          stream.close();
          return new Response(JSON.stringify({ changes: stream.changes() }), { status: stream.res.status });
        },
      };
      // A route nobody swept fails here: add it to `callers` with what an administrator alone may do through it.
      expect(Object.keys(callers).sort()).toEqual(routes);

      const failures: string[] = [];
      for (const route of routes) {
        for (const claim of claims) {
          const res = await callers[route]!(claim.headers);
          const text = await res.text();
          const where = `${route}, ${claim.name}: ${res.status}`;
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          if (route === 'POST /feed/rotate' && res.status === 200) failures.push(`${where}: rotated`);
          if (route === 'POST /feed/register' && (json as { manages_subscriptions?: boolean })?.manages_subscriptions)
            failures.push(`${where}: manages subscriptions`);
          const body = json as {
            fieldside_staff?: string;
            fieldside_pass?: string;
            staff_uuid?: string;
            changes?: FeedChange[];
          };
          if (body?.fieldside_staff === admin.uuid || body?.staff_uuid === admin.uuid)
            failures.push(`${where}: named the administrator`);
          if (body?.fieldside_pass && decodeJwt(body.fieldside_pass).staff === admin.uuid)
            failures.push(`${where}: a pass naming the administrator`);
          for (const change of body?.changes ?? [])
            if (change.uuid === hidden && change.record !== undefined)
              failures.push(`${where}: the hidden job's record`);
          if (route === 'POST /addon/photo' && res.ok) failures.push(`${where}: a photo taken on a made-up ticket`);
          if (route === 'GET /activate' && res.status === 302)
            failures.push(`${where}: an activation started on a bad ticket`);
        }
      }
      expect(failures).toEqual([]);
      expect(await subscriptions()).toEqual(before);

      // The technician completing the Activation URL: the account keeps the administrator's grant (under grantor and
      // narrows, a technician's grant would hide the job from the office's panel).
      const attempt = await activateAccount(stack, account, { as: technician });
      expect(attempt.status).toBe(403);
      expect(await panel(office, hidden)).not.toContain('This job is not yours to see');
      // Nor does the technician's own panel offer "Activate again".
      expect(await panel(technician, theirs)).not.toContain('fieldside-activate');
    });
  },
);
