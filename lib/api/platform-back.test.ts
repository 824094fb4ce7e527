import { describe, expect, it, vi } from 'vitest';
import { watchPlatformBack } from './platform-back';

const answer = (status: number) => new Response(status === 204 ? null : '{}', { status });

describe('watchPlatformBack', () => {
  it('tells once, at the first success after 5xx answers or no answer', async () => {
    const statuses: Array<number | 'down'> = [200, 503, 'down', 502, 200, 200, 503, 201];
    const base = vi.fn(async () => {
      const next = statuses.shift()!;
      if (next === 'down') throw new TypeError('Failed to fetch');
      return answer(next);
    });
    const onBack = vi.fn();
    const fetch = watchPlatformBack(base, onBack);
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      await fetch('https://platform.test/api_1.0/job.json').then(
        (r) => seen.push(r.status),
        () => seen.push(0),
      );
      if (i === 3) expect(onBack).not.toHaveBeenCalled();
    }
    expect(seen).toEqual([200, 503, 0, 502, 200, 200, 503, 201]);
    expect(onBack).toHaveBeenCalledTimes(2); // after 503/down/502, and after the second 503
  });

  it('a rate-limit answer, a refusal or a cancelled request is no outage', async () => {
    const outcomes: Array<() => Promise<Response>> = [
      async () => answer(429),
      async () => answer(404),
      async () => {
        throw new DOMException('aborted', 'AbortError');
      },
      async () => answer(200),
    ];
    const onBack = vi.fn();
    const fetch = watchPlatformBack(() => outcomes.shift()!(), onBack);
    const stop = new AbortController();
    stop.abort();
    await fetch('https://platform.test/a');
    await fetch('https://platform.test/b');
    await fetch('https://platform.test/c', { signal: stop.signal }).catch(() => undefined);
    await fetch('https://platform.test/d');
    expect(onBack).not.toHaveBeenCalled();
  });
});
