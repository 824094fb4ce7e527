import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { createSignInDriver, firstTechnician, type Tokens } from '../../../server/development/sign-in-driver';
import { CHROME_ID, FIREFOX_ID } from '../../support/companion/env';

// The composed companion against the real emulator: a token obtained through the OAuth routes registers the
// change feed, the office changes a job, the platform's webhook reaches the companion's callback URL (built on
// its auto-detected public URL) and the change shows in the feed.

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
  it('a signed-in token registers the feed and a job change arrives through the webhook', async () => {
    const { companion, emulator } = stack;
    const person = firstTechnician(emulator.info);
    const driver = createSignInDriver({ companionUrl: companion.url, authUrl: emulator.info.auth_url, person });
    const { code, state } = await driver.toCode();
    const tokens = (await (await driver.exchange(code, state)).json()) as Tokens;
    const auth = { authorization: `Bearer ${tokens.access_token}` };

    const registered = await fetch(`${companion.url}/feed/register`, { method: 'POST', headers: auth });
    expect(registered.status).toBe(200);
    const { account_uuid: accountUuid, position } = (await registered.json()) as { account_uuid: string; position: string };
    expect(accountUuid).toBe(person.split(':')[0]);

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
