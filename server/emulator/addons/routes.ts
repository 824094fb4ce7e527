import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { WebLogin } from '../oauth/index';
import { notRespondingMessage, type AddonHost } from './host';
import { eventResponseOf } from './post-event';
import { SDK_STYLE, sdkScript } from './sdk-script';

export interface AddonRoutesDeps {
  host: AddonHost;
  login: Pick<WebLogin, 'personOf'>;
  /** The web app's origin ({web_url}): the only page that may call invoke, and the SDK's messages' address. */
  webOrigin: () => string;
}

/** The largest invoke request: the event's name and its arguments, as JSON. */
export const MAX_INVOKE_BYTES = 16 * 1024;

const InvokeRequestSchema = z.strictObject({
  eventName: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'an event name is letters, digits, "_", "." or "-"'),
  args: z.record(z.string(), z.unknown()),
});

/** What the web app's page gets back from invoke, and passes on to the window's SDK. */
export type InvokeReply = { ok: true; response: string } | { ok: false; message: string };

// The SDK is loaded by the add-on's frame, an opaque origin: a CORS header and a cross-origin resource policy let
// it load whatever the frame's (or a future) embedding policy asks.
const SDK_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cache-Control': 'no-cache',
};

/** Where the web origin serves the client SDK (the real platform: https://platform.servicem8.com/sdk/1.0/sdk.js). */
export const SDK_SCRIPT_PATH = '/sdk/1.0/sdk.js';

/**
 * On the web origin: the client SDK (/sdk/1.0/sdk.js, sdk.css), and POST /app/addon/invoke, which the web app's
 * page calls for its add-on window's `invoke`. Invoke is authenticated by the web app's sign-in only, never by
 * anything the frame sends: the frame cannot call it itself (its requests carry the opaque origin "null", and a
 * JSON request from another origin needs a CORS permission that is never given).
 */
export function createAddonRoutes(deps: AddonRoutesDeps): Hono {
  const routes = new Hono();
  const refuse = (c: Context, status: 400 | 401 | 403 | 404 | 413, message: string) =>
    c.json({ ok: false, message } satisfies InvokeReply, status);

  routes.get(SDK_SCRIPT_PATH, (c) =>
    c.body(sdkScript(deps.webOrigin()), 200, { ...SDK_HEADERS, 'content-type': 'text/javascript; charset=utf-8' }),
  );
  routes.get('/sdk/1.0/sdk.css', (c) =>
    c.body(SDK_STYLE, 200, { ...SDK_HEADERS, 'content-type': 'text/css; charset=utf-8' }),
  );

  routes.post('/app/addon/invoke', async (c) => {
    if (c.req.header('origin') !== deps.webOrigin())
      return refuse(c, 403, 'Only the web app itself may call the add-on.');
    const person = deps.login.personOf(c);
    if (!person) return refuse(c, 401, 'Sign in to the web app first.');
    if (!deps.host.enabledFor(person.accountUuid))
      return refuse(c, 403, 'This add-on is not enabled for your account.');
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      return refuse(c, 400, 'The request must be JSON.');
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_INVOKE_BYTES)
      return refuse(c, 413, `The request is larger than ${MAX_INVOKE_BYTES / 1024} KB.`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(c, 400, 'The request is not valid JSON.');
    }
    const parsed = InvokeRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const what =
        issue?.path[0] === 'args'
          ? 'The arguments must be a JSON object.'
          : `Invalid request: ${issue?.path.join('.') || 'body'}: ${issue?.message}`;
      return refuse(c, 400, what);
    }
    const answer = await deps.host.invoke(person, parsed.data.eventName, parsed.data.args);
    // The answer's status stays between the add-on and its own window: the page only learns whether it worked.
    if (answer.kind === 'no-answer')
      return c.json({ ok: false, message: notRespondingMessage(deps.host.name) } satisfies InvokeReply, 502);
    if (answer.status < 200 || answer.status > 299) {
      return c.json(
        { ok: false, message: `The add-on ${deps.host.name} could not do that just now.` } satisfies InvokeReply,
        502,
      );
    }
    // invoke() resolves with the answer's eventResponse; with "" when a 2xx answer carries none.
    const response = eventResponseOf(answer) ?? '';
    return c.json({ ok: true, response } satisfies InvokeReply, 200, { 'Cache-Control': 'no-store' });
  });
  return routes;
}
