import { Hono, type Context } from 'hono';
import type { EmulatorEnv, Principal } from '../contracts';
import type { Delivery } from './delivery';
import { deleteInputSchema, firstIssue, statusSchema, upsertInputSchema } from './input';
import type { SubscriptionStore } from './store';
import type { VerifyResult } from './verify';

export interface RouteDeps {
  store: SubscriptionStore;
  delivery: Delivery;
  verify: (callbackUrl: string) => Promise<VerifyResult>;
}

type Ctx = Context<EmulatorEnv>;

const badRequest = (c: Ctx, message: string) => c.json({ errorCode: 400, message }, 400);
const ownerOf = (principal: Principal) => ({ appId: principal.appId, accountUuid: principal.accountUuid });

/**
 * {base_url}/webhook_subscriptions: GET lists, POST adds or modifies, DELETE removes (see WebhookSubscription in
 * contracts.ts for the shapes). Mounted behind the REST auth middleware, which sets `principal`.
 */
export function createWebhookRoutes(deps: RouteDeps): Hono<EmulatorEnv> {
  const routes = new Hono<EmulatorEnv>();

  routes.get('/', (c) => {
    const status = statusSchema.safeParse(c.req.query('status'));
    if (!status.success) return badRequest(c, firstIssue(status.error));
    const subs = deps.store.list(ownerOf(c.get('principal')), status.data);
    return c.json(subs.map((sub) => ({ ...sub.record, fields: [...sub.record.fields] })));
  });

  routes.post('/', async (c) => {
    const body = await readParams(c);
    if (!body.ok) return badRequest(c, body.message);
    const input = upsertInputSchema.safeParse(body.params);
    if (!input.success) return badRequest(c, firstIssue(input.error));

    const principal = c.get('principal');
    // Public (OAuth) apps prove they own the callback first; API-key (private) apps are not asked to.
    if (principal.kind === 'oauth') {
      const verified = await deps.verify(input.data.callback_url);
      if (!verified.ok) return badRequest(c, `Callback URL verification failed: ${verified.reason}`);
    }
    const { sub } = deps.store.upsert(ownerOf(principal), input.data);
    deps.delivery.restart(sub);
    return c.json({ ...sub.record, fields: [...sub.record.fields] });
  });

  routes.delete('/', async (c) => {
    const body = await readParams(c);
    if (!body.ok) return badRequest(c, body.message);
    const input = deleteInputSchema.safeParse({ ...c.req.query(), ...body.params });
    if (!input.success) return badRequest(c, firstIssue(input.error));
    const sub = deps.store.find(ownerOf(c.get('principal')), input.data.object, input.data.unique_id);
    if (!sub) {
      const message = `No subscription for object "${input.data.object}" with unique_id "${input.data.unique_id}"`;
      return c.json({ errorCode: 404, message }, 404);
    }
    deps.store.remove(sub);
    deps.delivery.drop(sub);
    return c.json({ errorCode: 0, message: 'OK' });
  });

  return routes;
}

type Params = { ok: true; params: Record<string, unknown> } | { ok: false; message: string };

/** Form-encoded (the real platform's shape), multipart, or a JSON object; an empty body is no parameters. */
async function readParams(c: Ctx): Promise<Params> {
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  if (type.startsWith('application/json')) {
    const text = await c.req.text();
    if (text.trim() === '') return { ok: true, params: {} };
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return { ok: true, params: parsed as Record<string, unknown> };
      }
      return { ok: false, message: 'the JSON body must be an object' };
    } catch {
      return { ok: false, message: 'the body is not valid JSON' };
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    try {
      return { ok: true, params: await c.req.parseBody() };
    } catch {
      return { ok: false, message: 'the form body could not be read' };
    }
  }
  const text = await c.req.text();
  if (text.trim() === '') return { ok: true, params: {} };
  return { ok: false, message: 'send the parameters form-encoded (application/x-www-form-urlencoded) or as JSON' };
}
