import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import type { EmulatorEnv, Principal } from '../contracts';
import { eventRefusal, objectRefusal, type Refusal } from './access';
import type { Delivery } from './delivery';
import { deleteInputSchema, eventInputSchema, firstIssue, objectInputSchema, statusSchema } from './input';
import { readParams } from './params';
import { copyOf, type StoredSubscription, type SubscriptionStore } from './store';
import type { VerifyResult } from './verify';

export interface RouteDeps {
  store: SubscriptionStore;
  delivery: Delivery;
  verify: (callbackUrl: string) => Promise<VerifyResult>;
}

type Ctx = Context<EmulatorEnv>;

const fail = (c: Ctx, status: 400 | 403 | 404, message: string) => c.json({ errorCode: status, message }, status);
const ownerOf = (principal: Principal) => ({ appId: principal.appId, accountUuid: principal.accountUuid });
const NOT_FOUND = 'No matching webhook found';

/**
 * {base_url}/webhook_subscriptions as the real platform takes it (see webhooks/types.ts for the shapes): POST
 * /object and /event add or modify, GET / lists both kinds, DELETE / (identifying fields) and DELETE /{uuid}
 * remove. A bare POST / is refused, as the platform refuses it. Mounted behind the REST auth middleware.
 */
export function createWebhookRoutes(deps: RouteDeps): Hono<EmulatorEnv> {
  const routes = new Hono<EmulatorEnv>();

  routes.get('/', (c) => {
    const status = statusSchema.safeParse(c.req.query('status'));
    if (!status.success) return fail(c, 400, firstIssue(status.error));
    return c.json(deps.store.list(ownerOf(c.get('principal')), status.data).map((sub) => copyOf(sub.record)));
  });

  // Integrators met this live: the platform reads the last path segment as the object type.
  routes.post('/', (c) => fail(c, 400, 'webhook_subscriptions is not an authorised object type'));

  /** Reads the form, checks it and who asks, then (for public apps) verifies the callback, then stores: any
   * refusal changes nothing. Answers the stored subscription, or the refusal's response. */
  async function subscribe<T extends { callback_url: string }>(
    c: Ctx,
    schema: z.ZodType<T>,
    refusalOf: (principal: Principal, input: T) => Refusal | undefined,
    save: (owner: ReturnType<typeof ownerOf>, input: T) => StoredSubscription,
  ): Promise<Response | StoredSubscription> {
    const body = await readParams(c);
    if (!body.ok) return fail(c, 400, body.message);
    const input = schema.safeParse(body.params);
    if (!input.success) return fail(c, 400, firstIssue(input.error));
    const principal = c.get('principal');
    const refusal = refusalOf(principal, input.data);
    if (refusal) return fail(c, refusal.status, refusal.message);
    // Public (OAuth) apps prove they own the callback first; API-key (private) apps are not asked to.
    if (principal.kind === 'oauth') {
      const verified = await deps.verify(input.data.callback_url);
      if (!verified.ok) return fail(c, 400, `Callback URL verification failed: ${verified.reason}`);
    }
    const sub = save(ownerOf(principal), input.data);
    deps.delivery.restart(sub);
    return sub;
  }

  routes.post('/object', async (c) => {
    const saved = await subscribe(
      c,
      objectInputSchema,
      (principal, input) => objectRefusal(principal, input.object),
      (owner, input) => deps.store.upsertObject(owner, input).sub,
    );
    return saved instanceof Response ? saved : c.json(copyOf(saved.record));
  });

  routes.post('/event', async (c) => {
    const saved = await subscribe(
      c,
      eventInputSchema,
      (principal, input) => eventRefusal(principal, input.event),
      (owner, input) => deps.store.upsertEvent(owner, input).sub,
    );
    return saved instanceof Response ? saved : c.json({ success: true });
  });

  const remove = (c: Ctx, sub: StoredSubscription | undefined) => {
    if (!sub) return fail(c, 404, NOT_FOUND);
    deps.store.remove(sub);
    deps.delivery.drop(sub);
    return c.json({ errorCode: 0, message: 'OK' });
  };

  routes.delete('/', async (c) => {
    const body = await readParams(c);
    if (!body.ok) return fail(c, 400, body.message);
    const input = deleteInputSchema.safeParse({ ...c.req.query(), ...body.params });
    if (!input.success) return fail(c, 400, firstIssue(input.error));
    const { object, event, unique_id: uniqueId, callback_url: callbackUrl } = input.data;
    const name =
      object !== undefined ? { type: 'object' as const, name: object } : { type: 'event' as const, name: event ?? '' };
    const sub = deps.store.find(ownerOf(c.get('principal')), { ...name, uniqueId });
    return remove(c, sub && (callbackUrl === undefined || sub.record.callback_url === callbackUrl) ? sub : undefined);
  });

  routes.delete('/:uuid', (c) => remove(c, deps.store.findByUuid(ownerOf(c.get('principal')), c.req.param('uuid'))));

  return routes;
}
