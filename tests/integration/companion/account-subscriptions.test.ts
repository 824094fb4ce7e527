import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import type { AccountInfo } from '../../../server/emulator/contracts';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import {
  ensureSubscriptions,
  FIELDSIDE_EVENT_SUBSCRIPTIONS,
  FIELDSIDE_SUBSCRIPTIONS,
} from '../../../server/companion/feed/subscriptions';
import { createAccountSubscriptions } from '../../../server/companion/feed/account-subscriptions';
import { createEnsuredSubscriptions } from '../../../server/companion/feed/ensured-subscriptions';
import { createMemoryAddonStore } from '../../../server/companion/addon/store/memory-store';
import { activateAccount, personOf } from '../../support/companion/addon-platform';
import { CHROME_ID, FIREFOX_ID } from '../../support/companion/env';
import { actingAs, bearer, openStream } from '../../support/companion/feed-client';

// A business whose administrator activated Fieldside from the add-on store but never opens Fieldside: the office
// and the technicians still get live changes, because activating makes the account's webhook subscriptions with the
// tokens the companion keeps (server/companion/feed/account-subscriptions.ts). Before, only an administrator's
// browser made them, and such a business never got a live change.

let stack: DevStack;
let account: AccountInfo;
const SCOPES = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles', 'read_schedule'];

beforeAll(async () => {
  // What a companion made sure of holds 2 seconds here (6 hours by default), so a test can wait until it is due.
  stack = await startDevStack({
    emulator: { jobs: 20, quiet: true },
    allowedExtensionIds: [CHROME_ID, FIREFOX_ID],
    env: { FEED_SUBSCRIPTIONS_RECHECK_SECONDS: '2' },
  });
  account = stack.emulator.info.accounts[0]!;
});
afterAll(() => stack?.close());

const tokenOf = async (role: 'office' | 'administrator') =>
  (await stack.emulator.control.issueTokens(account.uuid, personOf(account, role).uuid, SCOPES)).access_token;

/** Fieldside's subscriptions as the platform lists them, active, with the companion's callback URL. */
async function fieldsideSubscriptions(): Promise<string[]> {
  const res = await fetch(`${stack.emulator.info.base_url}/webhook_subscriptions`, {
    headers: bearer(await tokenOf('administrator')),
  });
  expect(res.status).toBe(200);
  const listed = (await res.json()) as Array<{ unique_id?: string; callback_url?: string; active?: unknown }>;
  return listed
    .filter(
      (s) =>
        s.callback_url?.startsWith(`${stack.companion.url}${COMPANION_PATHS.webhooks}/`) &&
        (s.active === true || s.active === 1 || s.active === '1'),
    )
    .map((s) => s.unique_id ?? '')
    .sort();
}

/** Platform requests a step made. */
async function cost(run: () => Promise<void>): Promise<number> {
  const requests = async () => (await stack.emulator.control.stats()).requests;
  const before = await requests();
  await run();
  return (await requests()) - before;
}

const register = async (token: string, staff: string) =>
  fetch(`${stack.companion.url}${COMPANION_PATHS.feedRegister}`, { method: 'POST', headers: actingAs(token, staff) });

describe("an account's subscriptions without an administrator's browser", () => {
  it('an office worker alone makes none before activation; activating makes every one, and an office edit reaches the office stream', async () => {
    const office = personOf(account, 'office').uuid;
    const officeToken = await tokenOf('office');
    expect((await register(officeToken, office)).status).toBe(200);
    expect(await fieldsideSubscriptions()).toEqual([]);

    const activated = await activateAccount(stack, account);
    expect(activated.status).toBe(200);
    const wanted = [
      ...FIELDSIDE_SUBSCRIPTIONS.map((s) => s.unique_id),
      ...FIELDSIDE_EVENT_SUBSCRIPTIONS.map((s) => s.unique_id),
    ].sort();
    expect(await fieldsideSubscriptions()).toEqual(wanted);

    const stream = await openStream(`${stack.companion.url}${COMPANION_PATHS.feedStream}`, officeToken, {
      'X-Fieldside-Staff': office,
    });
    try {
      expect(stream.res.status).toBe(200);
      const job = ((await stack.emulator.control.listRecords(account.uuid, 'job')) as Array<{ uuid: string }>)[0]!.uuid;
      await stack.emulator.control.updateRecord(account.uuid, 'job', job, { status: 'Work Order' });
      await stream.until(() => stream.changes().some((c) => c.uuid === job), 5000);
      // The companion read the job once with the account's tokens: the office browser needs no request of its own.
      expect(stream.changes().find((c) => c.uuid === job)?.record?.uuid).toBe(job);
    } finally {
      stream.close();
    }
  });

  it('an office register while they are due a check makes them again with the kept tokens, and answers no callback URL', async () => {
    // The platform lost one (an administrator removed it in the platform's settings).
    const removed = await fetch(
      `${stack.emulator.info.base_url}/webhook_subscriptions?object=job&unique_id=${FIELDSIDE_SUBSCRIPTIONS[0]!.unique_id}`,
      {
        method: 'DELETE',
        headers: bearer(await tokenOf('administrator')),
      },
    );
    expect(removed.status).toBe(200);
    expect(await fieldsideSubscriptions()).not.toContain(FIELDSIDE_SUBSCRIPTIONS[0]!.unique_id);
    // Past the recheck window, they are due a check.
    await new Promise((r) => setTimeout(r, 2_100));
    const res = await register(await tokenOf('office'), personOf(account, 'office').uuid);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(COMPANION_PATHS.webhooks);
    expect(JSON.parse(text)).toMatchObject({ manages_subscriptions: false, refused: [] });
    expect(await fieldsideSubscriptions()).toContain(FIELDSIDE_SUBSCRIPTIONS[0]!.unique_id);
  });

  it('one instance in the window checks them: a fresh instance (an edge isolate) does not list them again', async () => {
    const marks = createMemoryAddonStore();
    const token = await tokenOf('administrator');
    // The account's real callback URL, as the companion made the subscriptions with it above.
    const listed = (await (
      await fetch(`${stack.emulator.info.base_url}/webhook_subscriptions`, { headers: bearer(token) })
    ).json()) as Array<{ unique_id?: string; callback_url: string }>;
    const callbackUrl = listed.find((l) => l.unique_id === FIELDSIDE_SUBSCRIPTIONS[0]!.unique_id)!.callback_url;
    const instance = () =>
      createAccountSubscriptions({
        platformBaseUrl: stack.emulator.info.base_url,
        keeper: { current: async () => ({ kind: 'tokens', accessToken: token }) },
        ensured: createEnsuredSubscriptions({ recheckMs: 2_000 }),
        callbackUrl: async () => callbackUrl,
        marks,
        recheckMs: 2_000,
      });
    const first = instance();
    expect(await cost(() => first.ensure(account.uuid))).toBeGreaterThan(0);
    expect(await cost(() => instance().ensure(account.uuid))).toBe(0);
    await new Promise((r) => setTimeout(r, 2_100));
    // The window passed: the next instance checks, as one check with nothing to change costs.
    const oneCheck = await cost(
      async () =>
        void (await ensureSubscriptions({ platformBaseUrl: stack.emulator.info.base_url, token, callbackUrl })),
    );
    expect(oneCheck).toBeGreaterThan(0);
    expect(await cost(() => instance().ensure(account.uuid))).toBe(oneCheck);
  });

  it('a refusal by the kept grant (an activation before read_schedule was asked) waits the whole window; a new activation checks at once', async () => {
    const HOUR = 3_600_000;
    let now = Date.now();
    const withoutSchedule = (
      await stack.emulator.control.issueTokens(
        account.uuid,
        personOf(account, 'administrator').uuid,
        SCOPES.filter((s) => s !== 'read_schedule'),
      )
    ).access_token;
    const listed = (await (
      await fetch(`${stack.emulator.info.base_url}/webhook_subscriptions`, { headers: bearer(withoutSchedule) })
    ).json()) as Array<{ unique_id?: string; callback_url: string }>;
    const callbackUrl = listed.find((l) => l.unique_id === FIELDSIDE_SUBSCRIPTIONS[0]!.unique_id)!.callback_url;
    // The visits subscription is not in place, so this grant's check is refused it.
    await fetch(
      `${stack.emulator.info.base_url}/webhook_subscriptions?object=jobactivity&unique_id=fieldside-jobactivity`,
      { method: 'DELETE', headers: bearer(await tokenOf('administrator')) },
    );
    const subscriptions = createAccountSubscriptions({
      platformBaseUrl: stack.emulator.info.base_url,
      keeper: { current: async () => ({ kind: 'tokens', accessToken: withoutSchedule }) },
      ensured: createEnsuredSubscriptions({ recheckMs: 6 * HOUR, now: () => now }),
      callbackUrl: async () => callbackUrl,
      marks: createMemoryAddonStore(() => now),
      recheckMs: 6 * HOUR,
    });
    // One list and one refused subscription.
    expect(await cost(() => subscriptions.ensure(account.uuid))).toBe(2);
    now += HOUR + 1;
    // An administrator's own refusal is asked again within the hour (they may grant more); this grant cannot change.
    expect(await cost(() => subscriptions.ensure(account.uuid))).toBe(0);
    expect(await cost(() => subscriptions.ensure(account.uuid, { activated: true }))).toBe(2);
  });
});
