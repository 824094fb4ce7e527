import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { COMPANION_HEADERS } from '../../../contracts/companion-http';
import {
  createSignInDriver,
  firstAdministrator,
  firstTechnician,
  type Tokens,
} from '../../../server/development/sign-in-driver';
import { CHROME_ID, FIREFOX_ID } from '../../support/companion/env';

// The composed companion against the real emulator: tokens obtained through the OAuth routes register the
// change feed (a technician's register leaves the subscriptions alone; an administrator's makes them), the
// office changes a job, the platform's webhook reaches the companion's callback URL (built on its auto-detected
// public URL) and the change shows in the technician's feed.

let stack: DevStack;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  stack = await startDevStack({ emulator: { jobs: 50, quiet: true }, allowedExtensionIds: [CHROME_ID, FIREFOX_ID] });
});

afterAll(async () => {
  await stack?.close();
  vi.restoreAllMocks();
});

describe('OAuth and the change feed behind one companion', () => {
  it("signed-in tokens register the feed, an administrator's makes the subscriptions, and a job change arrives", async () => {
    const { companion, emulator } = stack;
    // The sign-in scopes Fieldside asks for: the companion reads the staff member's role with them.
    const scopes = ['read_jobs', 'vendor', 'read_staff', 'read_security_roles'];
    const signIn = async (person: string) => {
      const driver = await createSignInDriver({
        companionUrl: companion.url,
        authUrl: emulator.info.auth_url,
        person,
        scopes,
      });
      const tokens = (await (await driver.exchange(await driver.toCode())).json()) as Tokens;
      return { authorization: `Bearer ${tokens.access_token}`, 'X-Fieldside-Staff': person.split(':')[1]! };
    };
    const register = (headers: Record<string, string>) =>
      fetch(`${companion.url}/feed/register`, { method: 'POST', headers });
    const person = firstTechnician(emulator.info);
    const auth = await signIn(person);

    const registered = await register(auth);
    expect(registered.status).toBe(200);
    const reply = (await registered.json()) as {
      account_uuid: string;
      position: string;
      manages_subscriptions: boolean;
    };
    const { account_uuid: accountUuid, position } = reply;
    expect(accountUuid).toBe(person.split(':')[0]);
    expect(reply.manages_subscriptions).toBe(false);
    expect(emulator.webhooks.subscriptions()).toEqual([]);

    const admin = await register(await signIn(firstAdministrator(emulator.info)));
    expect(((await admin.json()) as { manages_subscriptions: boolean }).manages_subscriptions).toBe(true);
    // Without read_job_notes the platform refuses the note object; the new-note event needs only read_jobs.
    expect(
      emulator.webhooks
        .subscriptions()
        .map((s) => s.unique_id)
        .sort(),
    ).toEqual(['fieldside-job', 'fieldside-note-added']);

    const [job] = await emulator.control.listRecords(accountUuid, 'job');
    const jobUuid = String(job?.uuid);
    await emulator.control.updateRecord(accountUuid, 'job', jobUuid, { job_description: 'Changed by the office' });

    let changes: { uuid: string; changed_fields: string[] }[] = [];
    for (let i = 0; i < 50 && changes.length === 0; i++) {
      const feed = await fetch(`${companion.url}/feed?after=${encodeURIComponent(position)}`, { headers: auth });
      expect(feed.status).toBe(200);
      changes = ((await feed.json()) as { changes: typeof changes }).changes;
      if (changes.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(changes.map((c) => c.uuid)).toContain(jobUuid);
    expect(changes.find((c) => c.uuid === jobUuid)?.changed_fields).toContain('job_description');
  });
});
