import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSubscriptions, FIELDSIDE_EVENT_SUBSCRIPTIONS, FIELDSIDE_SUBSCRIPTIONS } from './subscriptions';
import { startChallengeAnswerer } from '../../../../tests/support/companion/challenge-answerer';
import { startStubPlatform, type StubSubscription } from '../../../../tests/support/companion/stub-platform';

const ACCOUNT = '66666666-6666-4666-8666-666666666666';
let platform: StubPlatform;

beforeAll(async () => {
  platform = await startStubPlatform({ tok: ACCOUNT });
});

afterAll(() => platform?.close());

/** Fieldside's subscriptions for the account of token 'tok' on `stub`, calling back at `callbackUrl`. */
const ensureWith = (stub: { baseUrl: string }, callbackUrl: string) =>
  ensureSubscriptions({ platformBaseUrl: stub.baseUrl, token: 'tok', callbackUrl });

/** What ensureSubscriptions answers when the platform takes three of the four and refuses one in these words. */
const threeMadeOneRefused = (uniqueId: string, words: string) => ({
  changed: 3,
  refused: [{ unique_id: uniqueId, message: expect.stringContaining(words) }],
});

type StubPlatform = Awaited<ReturnType<typeof startStubPlatform>>;

/** A stub platform of the test's own (refusing what `options` says) and a callback that answers its challenge. */
async function withOwnPlatform(
  options: Parameters<typeof startStubPlatform>[1],
  use: (stub: StubPlatform, callbackUrl: string) => Promise<void>,
): Promise<void> {
  const stub = await startStubPlatform({ tok: ACCOUNT }, options);
  const callback = await startChallengeAnswerer();
  try {
    await use(stub, callback.url);
  } finally {
    await callback.close();
    await stub.close();
  }
}

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
    await withOwnPlatform({ refuseObjects: ['note'] }, async (picky, callbackUrl) => {
      expect(await ensureWith(picky, callbackUrl)).toEqual(
        threeMadeOneRefused('fieldside-note', 'Object note does not support subscription'),
      );
      expect(picky.subscriptions.get(ACCOUNT)?.map((s) => s.unique_id)).toEqual([
        'fieldside-job',
        'fieldside-jobactivity',
        'fieldside-note-added',
      ]);
      // Asking again posts only the one still missing (and it is refused again).
      const adds = picky.calls.add;
      expect((await ensureWith(picky, callbackUrl)).changed).toBe(0);
      expect(picky.calls.add).toBe(adds + 1);
    });
  });

  it('subscribes the new-note event at /webhook_subscriptions/event: refused, it is reported like an object and the rest stand', async () => {
    await withOwnPlatform({ refuseEvents: ['job.note_added'] }, async (picky, callbackUrl) => {
      expect(await ensureWith(picky, callbackUrl)).toEqual(
        threeMadeOneRefused('fieldside-note-added', 'Event job.note_added does not support subscription'),
      );
      expect(picky.subscriptions.get(ACCOUNT)?.map((s) => [s.type, s.unique_id])).toEqual([
        ['object', 'fieldside-job'],
        ['object', 'fieldside-note'],
        ['object', 'fieldside-jobactivity'],
      ]);
    });
  });

  it("makes the event subscription once and keeps it (however the list spells the other kind's names); an inactive one is posted again", async () => {
    await withOwnPlatform({}, async (fresh, callbackUrl) => {
      expect((await ensureWith(fresh, callbackUrl)).changed).toBe(4);
      const event = () => fresh.subscriptions.get(ACCOUNT)!.find((s) => s.type === 'event')!;
      expect(event()).toMatchObject({
        type: 'event',
        event: 'job.note_added',
        unique_id: 'fieldside-note-added',
        callback_url: callbackUrl,
        active: true,
      });
      const uuid = event().uuid;
      expect((await ensureWith(fresh, callbackUrl)).changed).toBe(0);
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
      expect((await ensureWith(fresh, callbackUrl)).changed).toBe(0);
      event().active = false;
      expect(await ensureWith(fresh, callbackUrl)).toEqual({ changed: 1, refused: [] });
      expect(event()).toMatchObject({ uuid, active: true });
      expect(fresh.subscriptions.get(ACCOUNT)).toHaveLength(4);
    });
  });

  it('asks for exactly the fields Fieldside shows, and who is on which visit', () => {
    expect(FIELDSIDE_SUBSCRIPTIONS.map((s) => [s.object, s.unique_id, s.fields.length])).toEqual([
      ['job', 'fieldside-job', 7],
      ['note', 'fieldside-note', 3],
      ['jobactivity', 'fieldside-jobactivity', 5],
    ]);
    expect(FIELDSIDE_EVENT_SUBSCRIPTIONS).toEqual([{ event: 'job.note_added', unique_id: 'fieldside-note-added' }]);
  });
});
