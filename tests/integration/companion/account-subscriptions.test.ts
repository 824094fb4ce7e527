import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import type { AccountInfo } from '../../../server/emulator/contracts';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import {
  FIELDSIDE_EVENT_SUBSCRIPTIONS,
  FIELDSIDE_SUBSCRIPTIONS,
} from '../../../server/companion/feed/subscriptions/subscriptions';
import { createAccountSubscriptions } from '../../../server/companion/feed/subscriptions/account-subscriptions';
import { createMemoryAddonStore } from '../../../server/companion/addon/store/memory-store';
import { activateAccount, personOf } from '../../support/companion/addon-platform';
import { CHROME_ID, FIREFOX_ID, postJson } from '../../support/companion/env';
import { actingAs, bearer, issuePasses, jobNotification, openStream } from '../../support/companion/feed-client';
import { signInBrowser } from '../../support/companion/trusted-browser';
import { platformRequestsWhenQuiet } from '../../support/companion/quiet';

// An account's changes and where they come from (issue 29). Before it activates Fieldside, an administrator the
// platform vouched for makes Webhooks-API subscriptions from their browser's register, and their deliveries are
// published as pokes. Once an administrator activates it, the account's changes come signed through the add-on's
// manifest webhooks: the companion removes its own Webhooks-API subscriptions with the kept grant, answers any
// delivery still made to the callback URL 410 (the platform then removes that subscription too), and the office's
// stream gets every change, its record read once with the account's grant.

let stack: DevStack;
let account: AccountInfo;
const SCOPES = ['vendor', 'read_jobs', 'read_job_notes', 'read_staff', 'read_security_roles', 'read_schedule'];
const WANTED = [
  ...FIELDSIDE_SUBSCRIPTIONS.map((s) => s.unique_id),
  ...FIELDSIDE_EVENT_SUBSCRIPTIONS.map((s) => s.unique_id),
].sort();

beforeAll(async () => {
  // A look at them holds 2 seconds here (6 hours by default), so a test can wait until the next is due.
  stack = await startDevStack({
    emulator: { jobs: 20, quiet: true },
    allowedExtensionIds: [CHROME_ID, FIREFOX_ID],
    env: { FEED_SUBSCRIPTIONS_RECHECK_SECONDS: '2' },
  });
  account = stack.emulator.info.accounts[0]!;
});
afterAll(() => stack?.close());

/** A token of the account's person, with its passes as the companion hands them out (naming them: paired). */
async function tokenOf(role: 'office' | 'administrator'): Promise<string> {
  const staff = personOf(account, role).uuid;
  const { access_token } = await stack.emulator.control.issueTokens(account.uuid, staff, SCOPES);
  await issuePasses(stack.companionEnv.SIGNING_SECRET!, { [access_token]: account.uuid }, [undefined, staff]);
  return access_token;
}

/** Fieldside's subscriptions as the platform lists them (any state), with the companion's callback URL. */
async function fieldsideSubscriptions(): Promise<Array<{ unique_id: string; callback_url: string }>> {
  const res = await fetch(`${stack.emulator.info.base_url}/webhook_subscriptions?status=all`, {
    headers: bearer(await tokenOf('administrator')),
  });
  expect(res.status).toBe(200);
  const listed = (await res.json()) as Array<{ unique_id?: string; callback_url?: string }>;
  return listed
    .filter((s) => s.callback_url?.startsWith(`${stack.companion.url}${COMPANION_PATHS.webhooks}/`))
    .map((s) => ({ unique_id: s.unique_id ?? '', callback_url: s.callback_url! }))
    .sort((a, b) => a.unique_id.localeCompare(b.unique_id));
}

/** Platform requests a step made. */
async function cost(run: () => Promise<void>): Promise<number> {
  const requests = () => platformRequestsWhenQuiet(stack);
  const before = await requests();
  await run();
  return (await requests()) - before;
}

const register = async (role: 'office' | 'administrator') =>
  fetch(`${stack.companion.url}${COMPANION_PATHS.feedRegister}`, {
    method: 'POST',
    headers: actingAs(await tokenOf(role), personOf(account, role).uuid),
  });

describe("an account's change notifications", () => {
  it("before activation: the office's register makes none, a verified administrator's makes every one", async () => {
    expect(await (await register('office')).json()).toMatchObject({ manages_subscriptions: false });
    expect(await fieldsideSubscriptions()).toEqual([]);
    expect(await (await register('administrator')).json()).toMatchObject({ manages_subscriptions: true, refused: [] });
    expect((await fieldsideSubscriptions()).map((s) => s.unique_id)).toEqual(WANTED);
  });

  it('activating removes them, a delivery still made to the callback URL is answered 410, and an office edit comes signed, with its record', async () => {
    const callbackUrl = (await fieldsideSubscriptions())[0]!.callback_url;
    expect((await activateAccount(stack, account)).status).toBe(200);
    expect(await fieldsideSubscriptions()).toEqual([]);
    expect((await postJson(callbackUrl, jobNotification(stack.emulator.info.base_url))).status).toBe(410);
    // A verified administrator's register makes none again: the account's changes come through the add-on.
    expect(await (await register('administrator')).json()).toMatchObject({ manages_subscriptions: false });
    expect(await fieldsideSubscriptions()).toEqual([]);

    const office = await signInBrowser(stack, { account: account.uuid, staff: personOf(account, 'office').uuid });
    const job = ((await stack.emulator.control.listRecords(account.uuid, 'job')) as Array<{ uuid: string }>)[0]!.uuid;
    await office.pairAs(personOf(account, 'office').uuid, job);
    const stream = await openStream(
      `${stack.companion.url}${COMPANION_PATHS.feedStream}`,
      office.tokens.access_token,
      office.headers(),
    );
    try {
      expect(stream.res.status).toBe(200);
      await stack.emulator.control.updateRecord(account.uuid, 'job', job, { status: 'Work Order' });
      await stream.until(() => stream.changes().some((c) => c.uuid === job), 5000);
      // The companion read the job once with the account's grant, and the platform lets the office see it.
      expect(stream.changes().find((c) => c.uuid === job)?.record?.uuid).toBe(job);
    } finally {
      stream.close();
    }
  });

  it('one instance in the window looks for them: a fresh instance (an edge isolate) does not list them again', async () => {
    const marks = createMemoryAddonStore();
    const token = await tokenOf('administrator');
    const instance = () =>
      createAccountSubscriptions({
        platformBaseUrl: stack.emulator.info.base_url,
        keeper: { current: async () => ({ kind: 'tokens', accessToken: token }) },
        marks,
        recheckMs: 2_000,
      });
    const first = instance();
    // Nothing left to remove: a look is one list.
    expect(await cost(() => first.ensure(account.uuid))).toBe(1);
    expect(await cost(() => first.ensure(account.uuid))).toBe(0);
    expect(await cost(() => instance().ensure(account.uuid))).toBe(0);
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await cost(() => instance().ensure(account.uuid))).toBe(1);
    // An activation looks at once.
    expect(await cost(() => instance().ensure(account.uuid, { activated: true }))).toBe(1);
  });
});
