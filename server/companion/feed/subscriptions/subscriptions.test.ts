import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSubscriptions, FIELDSIDE_EVENT_SUBSCRIPTIONS, FIELDSIDE_SUBSCRIPTIONS } from './subscriptions';
import { startChallengeAnswerer } from '../../../../tests/support/companion/challenge-answerer';
import { startStubPlatform, type StubSubscription } from '../../../../tests/support/companion/stub-platform';

const ACCOUNT = '66666666-6666-4666-8666-666666666666';
let platform: Awaited<ReturnType<typeof startStubPlatform>>;

beforeAll(async () => {
  platform = await startStubPlatform({ tok: ACCOUNT });
});

afterAll(() => platform?.close());

describe('ensureSubscriptions', () => {
  it('reports a callback that fails verification as a 502 naming the platform answer, and saves nothing', async () => {
    const err = await ensureSubscriptions({
      platformBaseUrl: platform.baseUrl,
      token: 'tok',
      callbackUrl: 'http://127.0.0.1:1/webhooks/x',
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'PlatformError', status: 502 });
    expect((err as Error).message).toBe(
      'The platform answered 400 to POST webhook_subscriptions/object (fieldside-job): Callback URL verification failed',
    );
    expect(platform.subscriptions.get(ACCOUNT)).toBeUndefined();
  });

  it('reports a refused token as 401 and an unreachable platform as 502', async () => {
    await expect(
      ensureSubscriptions({ platformBaseUrl: platform.baseUrl, token: 'nope', callbackUrl: 'http://x' }),
    ).rejects.toMatchObject({ status: 401 });
    await expect(
      ensureSubscriptions({ platformBaseUrl: 'http://127.0.0.1:1', token: 'tok', callbackUrl: 'http://x' }),
    ).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/unreachable/),
    });
  });

  it('subscribes each object on its own at /webhook_subscriptions/object: a refused one does not stop the others', async () => {
    const picky = await startStubPlatform({ tok: ACCOUNT }, { refuseObjects: ['note'] });
    const callback = await startChallengeAnswerer();
    try {
      const result = await ensureSubscriptions({
        platformBaseUrl: picky.baseUrl,
        token: 'tok',
        callbackUrl: callback.url,
      });
      expect(result).toEqual({
        changed: 3,
        refused: [
          {
            unique_id: 'fieldside-note',
            message: expect.stringContaining('Object note does not support subscription'),
          },
        ],
      });
      expect(picky.subscriptions.get(ACCOUNT)?.map((s) => s.unique_id)).toEqual([
        'fieldside-job',
        'fieldside-jobactivity',
        'fieldside-note-added',
      ]);
      // Asking again posts only the one still missing (and it is refused again).
      const adds = picky.calls.add;
      expect(
        (await ensureSubscriptions({ platformBaseUrl: picky.baseUrl, token: 'tok', callbackUrl: callback.url }))
          .changed,
      ).toBe(0);
      expect(picky.calls.add).toBe(adds + 1);
    } finally {
      await callback.close();
      await picky.close();
    }
  });

  it('subscribes the new-note event at /webhook_subscriptions/event: refused, it is reported like an object and the rest stand', async () => {
    const picky = await startStubPlatform({ tok: ACCOUNT }, { refuseEvents: ['job.note_added'] });
    const callback = await startChallengeAnswerer();
    try {
      const result = await ensureSubscriptions({
        platformBaseUrl: picky.baseUrl,
        token: 'tok',
        callbackUrl: callback.url,
      });
      expect(result).toEqual({
        changed: 3,
        refused: [
          {
            unique_id: 'fieldside-note-added',
            message: expect.stringContaining('Event job.note_added does not support subscription'),
          },
        ],
      });
      expect(picky.subscriptions.get(ACCOUNT)?.map((s) => [s.type, s.unique_id])).toEqual([
        ['object', 'fieldside-job'],
        ['object', 'fieldside-note'],
        ['object', 'fieldside-jobactivity'],
      ]);
    } finally {
      await callback.close();
      await picky.close();
    }
  });

  it("makes the event subscription once and keeps it (however the list spells the other kind's names); an inactive one is posted again", async () => {
    const fresh = await startStubPlatform({ tok: ACCOUNT });
    const callback = await startChallengeAnswerer();
    try {
      expect(
        (await ensureSubscriptions({ platformBaseUrl: fresh.baseUrl, token: 'tok', callbackUrl: callback.url }))
          .changed,
      ).toBe(4);
      const event = () => fresh.subscriptions.get(ACCOUNT)!.find((s) => s.type === 'event')!;
      expect(event()).toMatchObject({
        type: 'event',
        event: 'job.note_added',
        unique_id: 'fieldside-note-added',
        callback_url: callback.url,
        active: true,
      });
      const uuid = event().uuid;
      expect(
        (await ensureSubscriptions({ platformBaseUrl: fresh.baseUrl, token: 'tok', callbackUrl: callback.url }))
          .changed,
      ).toBe(0);
      // Listed with the other kind's names as null rather than left out: still recognised, nothing posted.
      fresh.subscriptions.set(
        ACCOUNT,
        fresh.subscriptions
          .get(ACCOUNT)!
          .map(
            (s) =>
              (s.type === 'event'
                ? { ...s, object: null, fields: null }
                : { ...s, event: null }) as unknown as StubSubscription,
          ),
      );
      expect(
        (await ensureSubscriptions({ platformBaseUrl: fresh.baseUrl, token: 'tok', callbackUrl: callback.url }))
          .changed,
      ).toBe(0);
      event().active = false;
      expect(
        await ensureSubscriptions({ platformBaseUrl: fresh.baseUrl, token: 'tok', callbackUrl: callback.url }),
      ).toEqual({ changed: 1, refused: [] });
      expect(event()).toMatchObject({ uuid, active: true });
      expect(fresh.subscriptions.get(ACCOUNT)).toHaveLength(4);
    } finally {
      await callback.close();
      await fresh.close();
    }
  });

  it('asks for exactly the fields Fieldside shows, and who is on which visit', () => {
    expect(FIELDSIDE_SUBSCRIPTIONS.map((s) => [s.object, s.unique_id, s.fields.length])).toEqual([
      ['job', 'fieldside-job', 7],
      ['note', 'fieldside-note', 3],
      ['jobactivity', 'fieldside-jobactivity', 4],
    ]);
    expect(FIELDSIDE_EVENT_SUBSCRIPTIONS).toEqual([{ event: 'job.note_added', unique_id: 'fieldside-note-added' }]);
  });
});
