import { describe, expect, it } from 'vitest';
import { SHARED_FROM_BYTES } from './body-buffer';
import { bodyText, bufferedFetch } from './buffered-fetch';
import { isNoProgressError } from './progress-timeout';

const encoder = new TextEncoder();
const LIMITS = { answerMs: 2_000, stallMs: 300 };

/** An answer whose bytes arrive in pieces; its stream ends only if `ends` (a service worker hears the end of a
 * body tens of ms after its last bytes: here, never). */
function answer(pieces: string[], headers: Record<string, string>, ends: boolean): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      if (ends) controller.close();
    },
  });
  return new Response(body, { headers });
}

/** The same as a byte stream, as a browser's fetch gives it: read into a buffer of the reader's. */
function byteAnswer(pieces: string[], headers: Record<string, string>, ends: boolean): Response {
  const body = new ReadableStream({
    type: 'bytes',
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      if (ends) controller.close();
    },
  });
  return new Response(body, { headers });
}

const read = async (response: Response) =>
  bodyText(await bufferedFetch(async () => response, LIMITS)('http://127.0.0.1/api_1.0/job.json'));

describe('bufferedFetch', () => {
  it('hands over the body once its declared length is in, without waiting for the stream to end', async () => {
    const text = '[{"uuid":"a","job_address":"12 Hôtel St"}]';
    const length = String(encoder.encode(text).length);
    expect(await read(answer([text.slice(0, 10), text.slice(10)], { 'content-length': length }, false))).toBe(text);
  });

  it('reads to the end of the stream when its bytes are not the body as sent or no length is declared', async () => {
    // Decoded bytes outnumber the declared (compressed) length: stopping there would cut the body short.
    expect(await read(answer(['[1,', '2]'], { 'content-length': '3', 'content-encoding': 'gzip' }, true))).toBe(
      '[1,2]',
    );
    expect(await read(answer(['[1,', '2]'], {}, true))).toBe('[1,2]');
  });

  it('still fails a body that stops arriving short of its declared length', async () => {
    const error = await read(answer(['[1,'], { 'content-length': '5' }, false)).catch((e: unknown) => e);
    expect(isNoProgressError(error)).toBe(true);
  });

  it('reads a byte stream of declared length into one buffer, multi-byte characters split across pieces', async () => {
    const text = '[{"uuid":"a","job_address":"12 Hôtel St"}]';
    const bytes = encoder.encode(text);
    const split = text.indexOf('ô') + 1; // inside the two bytes of ô
    const pieces = [text.slice(0, 5), text.slice(5)];
    expect(await read(byteAnswer(pieces, { 'content-length': String(bytes.length) }, false))).toBe(text);
    const cut = new ReadableStream({
      type: 'bytes',
      start(controller) {
        controller.enqueue(bytes.slice(0, split));
        controller.enqueue(bytes.slice(split));
      },
    });
    expect(await read(new Response(cut, { headers: { 'content-length': String(bytes.length) } }))).toBe(text);
  });

  it('reads large bodies one after another into the same buffer, none showing bytes of the one before', async () => {
    const long = `[${'"x",'.repeat(400_000)}"end"]`;
    const short = `[${'"é",'.repeat(300_000)}"fin"]`;
    for (const text of [long, short, long]) {
      const bytes = encoder.encode(text).length;
      expect(bytes).toBeGreaterThan(SHARED_FROM_BYTES);
      const pieces = [text.slice(0, 1000), text.slice(1000, 700_000), text.slice(700_000)];
      expect(await read(byteAnswer(pieces, { 'content-length': String(bytes) }, false))).toBe(text);
    }
  });

  it('still fails a byte stream that stops short of its declared length', async () => {
    const error = await read(byteAnswer(['[1,'], { 'content-length': '5' }, false)).catch((e: unknown) => e);
    expect(isNoProgressError(error)).toBe(true);
  });

  it('hands over what a byte stream sent when it ends short of its declared length', async () => {
    expect(await read(byteAnswer(['[1,'], { 'content-length': '5' }, true))).toBe('[1,');
  });

  it('tells the caller once the attempt is handed to fetch, and keeps that notice from fetch', async () => {
    const events: string[] = [];
    const fetch = bufferedFetch(async (_input, init) => {
      events.push(`fetch ${Object.keys(init ?? {}).join(',')}`);
      return answer(['[]'], { 'content-length': '2' }, true);
    }, LIMITS);
    const init = { onRequestSent: () => events.push('sent') } as RequestInit;
    expect(await bodyText(await fetch('http://127.0.0.1/api_1.0/job.json', init))).toBe('[]');
    expect(events).toEqual(['fetch signal', 'sent']);
  });
});
