import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSubscriptions, FIELDSIDE_SUBSCRIPTIONS } from './subscriptions';
import { startStubPlatform } from '../../../tests/support/companion/stub-platform';

const ACCOUNT = '66666666-6666-4666-8666-666666666666';
let platform: Awaited<ReturnType<typeof startStubPlatform>>;

beforeAll(async () => {
  platform = await startStubPlatform({ tok: ACCOUNT });
});

afterAll(() => platform?.close());

describe('ensureSubscriptions', () => {
  it('reports a callback that fails verification as a 502 naming the platform answer, and saves nothing', async () => {
    const err = await ensureSubscriptions({ platformBaseUrl: platform.baseUrl, token: 'tok', callbackUrl: 'http://127.0.0.1:1/webhooks/x' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'PlatformError', status: 502 });
    expect((err as Error).message).toBe('The platform answered 400 to POST webhook_subscriptions (fieldside-job): Callback URL verification failed');
    expect(platform.subscriptions.get(ACCOUNT)).toBeUndefined();
  });

  it('reports a refused token as 401 and an unreachable platform as 502', async () => {
    await expect(ensureSubscriptions({ platformBaseUrl: platform.baseUrl, token: 'nope', callbackUrl: 'http://x' })).rejects.toMatchObject({ status: 401 });
    await expect(ensureSubscriptions({ platformBaseUrl: 'http://127.0.0.1:1', token: 'tok', callbackUrl: 'http://x' })).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/unreachable/),
    });
  });

  it('asks for exactly the fields Fieldside shows', () => {
    expect(FIELDSIDE_SUBSCRIPTIONS.map((s) => [s.object, s.unique_id, s.fields.length])).toEqual([
      ['job', 'fieldside-job', 7],
      ['note', 'fieldside-note', 3],
    ]);
  });
});
