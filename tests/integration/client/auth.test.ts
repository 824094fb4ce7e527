// Tokens and impersonation against the real emulator: expiry in the middle of a walk, one refresh
// for 16 concurrent requests, revoked access, impersonation.
import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../../lib/api/client';
import { isApiError } from '../../../lib/api/errors';
import { startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

let platform: Platform;
setUpFile(async (own) => {
  platform = own(await startPlatform({ jobs: 6000, seed: 5 }));
});

const refreshGrants = async () => (await platform.control.stats()).grants.refresh_token;

describe('OAuth tokens', () => {
  it('a token expiring in the middle of a walk is refreshed once and the walk goes on from the same cursor', async () => {
    const { client, endpoint, tokens } = await platform.oauthClient(['read_jobs']);
    const grantsBefore = await refreshGrants();
    // Page cursors live 60 minutes of emulator time, tokens 60 minutes too: move most of the hour
    // before the walk, so the token (not the cursor) is what expires at the second step.
    await platform.control.advanceClock(3000);
    const firstToken = tokens.current()!.accessToken;
    const cursors: Array<{ cursor: string; next: string | null }> = [];
    let count = 0;
    for await (const page of client.jobs.pages()) {
      cursors.push({ cursor: page.cursor, next: page.nextCursor });
      count += page.records.length;
      if (cursors.length === 2) await platform.control.advanceClock(601); // 3601 s after issue: expired
    }
    expect(count).toBe(6000);
    for (let i = 1; i < cursors.length; i++) expect(cursors[i]!.cursor).toBe(cursors[i - 1]!.next);
    expect(endpoint.grantCount()).toBe(1);
    expect((await refreshGrants()) - grantsBefore).toBe(1);
    expect(tokens.current()!.accessToken).not.toBe(firstToken);
  });

  it('16 concurrent requests with an expired token cause exactly one refresh', async () => {
    const { client, endpoint } = await platform.oauthClient(['read_jobs', 'vendor']);
    const { value } = await client.jobs.pages().next();
    const jobs = value!.records.slice(0, 16);
    await platform.control.advanceClock(3601);
    const grantsBefore = await refreshGrants();
    const results = await Promise.all(jobs.map((j) => client.jobs.get(j.uuid)));
    expect(results.map((r) => r.uuid)).toEqual(jobs.map((j) => j.uuid));
    expect(endpoint.grantCount()).toBe(1);
    expect((await refreshGrants()) - grantsBefore).toBe(1);
  });

  it('16 concurrent requests with a token known to be expired refresh once, before sending', async () => {
    const { client, endpoint, tokens } = await platform.oauthClient(['vendor']);
    await tokens.setTokens({ ...tokens.current()!, expiresAt: Date.now() - 1 });
    const grantsBefore = await refreshGrants();
    const vendors = await Promise.all(Array.from({ length: 16 }, () => client.vendor.get()));
    expect(new Set(vendors.map((v) => v.uuid)).size).toBe(1);
    expect(endpoint.grantCount()).toBe(1);
    expect((await refreshGrants()) - grantsBefore).toBe(1);
  });
});

describe('impersonation', () => {
  it("returns only the technician's jobs", async () => {
    const tech = platform.staff('technician');
    const { client } = await platform.oauthClient(['read_jobs'], { impersonate: tech.uuid });
    const seen: string[] = [];
    for await (const page of client.jobs.pages()) seen.push(...page.records.map((j) => j.uuid));
    const visible = await platform.control.visibleJobUuids(platform.account.uuid, tech.uuid);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(6000);
    expect(seen.sort()).toEqual([...visible].sort());
  });

  it('is refused with an API key when the client is created', () => {
    expect(() =>
      createPlatformClient({
        baseUrl: platform.info.base_url,
        auth: { kind: 'api_key', apiKey: platform.account.api_key },
        impersonateStaffUuid: platform.staff('technician').uuid,
      }),
    ).toThrow(/not support it with an API key/);
  });
});

// Last: revocation ends every token of the app for the account.
describe('revocation', () => {
  it('revoked access ends signed out with SignedOutError', async () => {
    const { client, tokens } = await platform.oauthClient(['vendor']);
    const states: string[] = [];
    tokens.subscribe((state) => states.push(state));
    expect((await client.vendor.get()).uuid).toBe(platform.account.uuid);
    await platform.control.revokeAccess(platform.account.uuid);
    const error = await client.vendor.get().catch((e: unknown) => e);
    expect(isApiError(error, 'SignedOutError')).toBe(true);
    expect(tokens.state()).toBe('signed_out');
    expect(states).toEqual(['signed_out']);
    const next = await client.vendor.get().catch((e: unknown) => e);
    expect(isApiError(next, 'SignedOutError')).toBe(true);
  });
});
