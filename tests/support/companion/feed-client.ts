import { COMPANION_HEADERS } from '../../../contracts/companion-http';
import { toUuid } from '../../../contracts/uuid';
import type { StoredChange as FeedChange } from '../../../server/companion/feed/store/types';
import { signPass } from '../../../server/companion/trust/pass';

let counter = 0;

/** A valid notification for a job in the platform at `baseUrl`; every call a different change unless `seq` repeats. */
export function jobNotification(baseUrl: string, opts: { seq?: number; fields?: string[]; object?: string } = {}) {
  const seq = opts.seq ?? ++counter;
  const uuid = `${'0'.repeat(8)}-0000-4000-8000-${seq.toString(16).padStart(12, '0')}`;
  const object = opts.object ?? 'job';
  return {
    object,
    entry: [{ changed_fields: opts.fields ?? ['status'], time: '2026-11-21 06:00:00', uuid }],
    resource_url: `${baseUrl}/api_1.0/${object}/${uuid}.json`,
  };
}

export function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Passes the tests were given for (token, staff member): what the companion answers with a token at sign-in or
 * refresh (`fieldside_pass`), or at a pairing claim (naming the staff member). Tests of the feed module alone, with
 * tokens of a stub platform or issued by the emulator's control API, sign them as the companion would. */
const passes = new Map<string, string>();
const passKey = (token: string, staff: string | undefined) => `${token}|${staff?.toLowerCase() ?? ''}`;

/** Signs a pass for each token (its account) and each of `staff` (undefined: nobody vouched for). */
export async function issuePasses(
  secret: string,
  tokens: Record<string, string>,
  staff: readonly (string | undefined)[] = [undefined],
  expiresAtMs = Date.now() + 3_600_000,
): Promise<void> {
  for (const [accessToken, account] of Object.entries(tokens))
    for (const who of staff)
      passes.set(
        passKey(accessToken, who),
        await signPass(secret, {
          account,
          accessToken,
          expiresAtMs,
          staff: who === undefined ? undefined : toUuid(who),
        }),
      );
}

/** A token's headers, with its pass (nobody vouched for) when one was issued. */
export function bearer(token: string): Record<string, string> {
  const pass = passes.get(passKey(token, undefined));
  return { authorization: `Bearer ${token}`, ...(pass ? { [COMPANION_HEADERS.pass]: pass } : {}) };
}

/** A token's headers with a pass naming `staffUuid`, as pairing gives it: an administrator's register manages the
 * subscriptions of an account that did not activate Fieldside. */
export function actingAs(token: string, staffUuid: string): Record<string, string> {
  const pass = passes.get(passKey(token, staffUuid));
  if (!pass) throw new Error(`no pass issued for this token as ${staffUuid}: call issuePasses first`);
  return { authorization: `Bearer ${token}`, [COMPANION_HEADERS.pass]: pass };
}

export interface SseEvent {
  event: string;
  id: string;
  data: string;
}

/**
 * Opens `GET /feed/stream` the way the extension does (fetch, Bearer header; `headers` adds others, such as
 * Last-Event-ID), collects events and comments as they arrive. `until` resolves when `n` change events have arrived (or rejects after a timeout).
 */
export async function openStream(url: string, token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { ...bearer(token), ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let waiters: (() => void)[] = [];
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const ev: SseEvent = { event: 'message', id: '', data: '' };
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else {
                isEvent = true;
                const [field, ...rest] = line.split(':');
                const value = rest.join(':').replace(/^ /, '');
                if (field === 'event') ev.event = value;
                else if (field === 'id') ev.id = value;
                else if (field === 'data') ev.data += value;
              }
            }
            if (isEvent) events.push(ev);
            for (const w of waiters) w();
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  return {
    res,
    events,
    comments,
    changes: () => events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data) as FeedChange),
    /** Settles when the companion ends the stream (or close() aborts it). */
    ended,
    async until(check: () => boolean, timeoutMs = 3000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline)
          throw new Error(`Stream condition not met within ${timeoutMs} ms; events: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 50);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
        waiters = [];
      }
    },
    close: () => controller.abort(),
  };
}
