import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type StartedEmulator } from '../../../server/emulator/start';
import { requestPlatformToken } from '../../../server/companion/oauth/platform-token';

// The companion's one client of the platform's token endpoint, against the real emulator: a refresh answer without
// a refresh token (the switch refreshTokens `omit`, which RFC 6749 §6 allows) carries the one just spent, which the
// platform still takes; a sign-in answer without one is no sign-in.

let emulator: StartedEmulator;
let config: { platformAuthUrl: string; clientId: string; clientSecret: string };
let person: { accountUuid: string; staffUuid: string };
beforeAll(async () => {
  emulator = await startEmulator({ jobs: 10, quiet: true, refreshTokens: 'omit' });
  const { info } = emulator;
  config = { platformAuthUrl: info.auth_url, clientId: info.app.client_id, clientSecret: info.app.client_secret };
  const account = info.accounts[0]!;
  person = { accountUuid: account.uuid, staffUuid: account.staff.find((s) => s.active)!.uuid };
});
afterAll(() => emulator?.close());

describe('requestPlatformToken', () => {
  it('answers the refresh token it spent when the platform answers none, and that one keeps working', async () => {
    const { refresh_token: first } = await emulator.control.issueTokens(person.accountUuid, person.staffUuid, [
      'vendor',
    ]);
    for (let i = 0; i < 2; i++) {
      const answer = await requestPlatformToken(config, { grant_type: 'refresh_token', refresh_token: first! });
      expect(answer).toMatchObject({ kind: 'tokens', tokens: { refresh_token: first, expires_in: 3600 } });
    }
  });

  it('refuses a sign-in answered without a refresh token as malformed (retry later), not as a sign-in', async () => {
    // What no emulator position answers a code: the platform's own answer, its refresh token taken out.
    const { refresh_token: _, ...noRefresh } = await emulator.control.issueTokens(
      person.accountUuid,
      person.staffUuid,
      ['vendor'],
    );
    const answer = await requestPlatformToken(
      config,
      { grant_type: 'authorization_code', code: 'c', redirect_uri: 'http://127.0.0.1:9/r' },
      async () => Response.json(noRefresh),
    );
    expect(answer).toEqual({ kind: 'unavailable', message: 'The platform answered without a refresh token' });
  });
});
