import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryAddonStore } from '../addon/store/memory-store';
import { createRefreshReplay, LATE_ANSWER_MS } from './refresh-replay';

const tokens = (refresh: string) => ({
  access_token: `access-for-${refresh}`,
  expires_in: 3600,
  token_type: 'bearer',
  scope: 'manage_jobs',
  refresh_token: refresh,
});

describe('refresh replay', () => {
  const secret = randomBytes(32).toString('base64url');

  it('answers a retry refused as spent with the answer another instance keeps a moment after the refusal', async () => {
    const store = createMemoryAddonStore();
    // Two instances, one store: the one the platform answered keeps its answer after the other asked.
    const answered = createRefreshReplay(secret, store, Date.now);
    const refused = createRefreshReplay(secret, store, Date.now);
    expect(await refused.answered('spent-token')).toBeUndefined();
    const late = refused.answeredSoon('spent-token');
    await new Promise((r) => setTimeout(r, 120));
    await answered.keep('spent-token', tokens('new-token'));
    expect(await late).toEqual(tokens('new-token'));
  });

  it('gives up after the wait when no answer is kept (the token was spent long ago, or stolen)', async () => {
    const replay = createRefreshReplay(secret, createMemoryAddonStore(), Date.now);
    expect(await replay.answeredSoon('never-answered', LATE_ANSWER_MS / 10)).toBeUndefined();
  });

  it('keeps nothing when the platform answered the same refresh token again (it was not spent)', async () => {
    const replay = createRefreshReplay(secret, createMemoryAddonStore(), Date.now);
    await replay.keep('same-token', tokens('same-token'));
    expect(await replay.answered('same-token')).toBeUndefined();
  });
});
