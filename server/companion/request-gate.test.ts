import { describe, expect, it } from 'vitest';
import { createRequestGate } from './request-gate';

// The gate a stopping companion closes (start.ts): requests already under way finish, new ones are refused in
// words with Connection: close (a kept-alive connection must not carry more work into a stopping process).

const request = () => new Request('http://127.0.0.1/feed');

describe('the request gate', () => {
  it('lets requests under way finish after it closes, and refuses new ones in words', async () => {
    const gate = createRequestGate();
    let finish!: () => void;
    const underWay = gate.pass(
      request(),
      () => new Promise<Response>((resolve) => (finish = () => resolve(new Response('done')))),
    );
    gate.close();

    const refused = await gate.pass(request(), () => new Response('should not run'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: 'shutting_down',
      message: 'This companion is restarting. Try again in a moment.',
    });

    const settled = gate.settled(10_000);
    finish();
    expect(await (await underWay).text()).toBe('done');
    expect(await settled).toBe(true);
  });

  it('stops waiting after the grace period when a request does not finish', async () => {
    const gate = createRequestGate();
    void gate.pass(request(), () => new Promise<Response>(() => {}));
    gate.close();
    expect(await gate.settled(50)).toBe(false);
  });

  it('is settled at once when nothing is under way', async () => {
    const gate = createRequestGate();
    gate.close();
    expect(await gate.settled(60_000)).toBe(true);
  });
});
