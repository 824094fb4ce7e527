import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Clock, EmulatorInfo, OAuthAuthority } from '../contracts';
import type { Rec, RecordTypeDef } from '../data/field-kinds';
import { resolveType } from '../data/record-types';
import type { Account, Store } from '../data/store';
import { validateWrite } from '../data/validate';
import { FaultSpecSchema, type Faults } from '../rest/faults';
import type { RateLimiter } from '../rest/rate-limit';
import { switchesPatchSchema, type SwitchBoard } from '../switches';
import type { SmsLog } from '../data/sms-log';

export interface ControlDeps {
  info: () => EmulatorInfo;
  clock: Clock;
  store: Store;
  authority: OAuthAuthority;
  faults: Faults;
  limiter: RateLimiter;
  switches: SwitchBoard;
  /** The texts sent (rest/sms.ts). */
  sms: SmsLog;
  requests: () => number;
  /** The last requests to the platform's API, oldest first (method, path and query). */
  recentRequests: () => string[];
}

const fail = (c: Context, status: 400 | 404, message: string) => c.json({ errorCode: status, message }, status);

// Either limit or both; the one left out stays as it is.
const rateLimitSchema = z
  .object({ perMinute: z.number().int().min(1).optional(), perDay: z.number().int().min(1).optional() })
  .refine((v) => v.perMinute !== undefined || v.perDay !== undefined, { message: 'perMinute or perDay is required' });
const fieldsSchema = z.object({ fields: z.record(z.string(), z.unknown()), raw: z.boolean().optional() });

/** The office edits as the office would: everything but the record's identity and its edit stamp. */
const officeDef = (def: RecordTypeDef): RecordTypeDef => ({ ...def, readOnly: ['edit_date'], required: def.required });

/**
 * The test and development surface at {base_url}/_emulator (see ../README.md). Never rate-limited or faulted,
 * never reachable with platform credentials: it is the emulator's own tooling.
 */
export function createControlRoutes(deps: ControlDeps): Hono {
  const routes = new Hono();
  const { store } = deps;

  const body = async <T>(
    c: Context,
    schema: z.ZodType<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; res: Response }> => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return { ok: false, res: fail(c, 400, 'Malformed JSON body') };
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success)
      return {
        ok: false,
        res: fail(
          c,
          400,
          `Invalid body: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        ),
      };
    return { ok: true, value: parsed.data };
  };
  const target = (c: Context): { account: Account; def: RecordTypeDef } | Response => {
    const account = store.account(c.req.param('account') ?? '');
    if (!account) return fail(c, 404, `Unknown account ${c.req.param('account')}`);
    const def = resolveType(c.req.param('type') ?? '');
    if (!def) return fail(c, 404, `Unknown record type '${c.req.param('type')}'`);
    return { account, def };
  };

  routes.get('/info', (c) => c.json(deps.info()));
  routes.get('/clock', (c) => c.json({ now: deps.clock.now() }));
  routes.post('/clock/advance', async (c) => {
    const b = await body(c, z.object({ seconds: z.number().min(0) }));
    if (!b.ok) return b.res;
    await deps.clock.advance(b.value.seconds);
    return c.json({ now: deps.clock.now() });
  });

  routes.get('/accounts/:account/records/:type', (c) => {
    const t = target(c);
    if (t instanceof Response) return t;
    const coll = store.collection(t.account, t.def.name);
    const out: Rec[] = [];
    for (let i = 0; i < coll.size(); i++) out.push(coll.get(i));
    return c.json(out);
  });
  routes.post('/accounts/:account/records/:type', async (c) => {
    const t = target(c);
    if (t instanceof Response) return t;
    const b = await body(c, fieldsSchema);
    if (!b.ok) return b.res;
    const valid = validateWrite(t.def, b.value.fields, true);
    if (!valid.ok) return fail(c, 400, valid.message);
    const result = store.create(t.account, t.def, valid.fields, t.account.info.staff[1]?.uuid);
    if (!result.ok) return fail(c, result.status === 403 ? 400 : result.status, result.message);
    return c.json({ uuid: result.uuid });
  });
  routes.post('/accounts/:account/records/:type/:uuid', async (c) => {
    const t = target(c);
    if (t instanceof Response) return t;
    const b = await body(c, fieldsSchema);
    if (!b.ok) return b.res;
    const i = store.collection(t.account, t.def.name).indexOf(c.req.param('uuid').toLowerCase());
    if (i === undefined) return fail(c, 404, `No ${t.def.name} record with uuid ${c.req.param('uuid')}`);
    let fields = b.value.fields as Rec;
    if (!b.value.raw) {
      const valid = validateWrite(officeDef(t.def), b.value.fields, false);
      if (!valid.ok) return fail(c, 400, valid.message);
      fields = valid.fields;
    }
    const changed = store.update(t.account, t.def, i, fields, t.account.info.staff[1]?.uuid);
    return c.json({ changed });
  });
  routes.get('/accounts/:account/staff/:staff/jobs', (c) => {
    const account = store.account(c.req.param('account'));
    if (!account) return fail(c, 404, `Unknown account ${c.req.param('account')}`);
    const jobs = store.collection(account, 'job');
    return c.json(account.visibility.jobsOf(c.req.param('staff').toLowerCase()).map((i) => jobs.uuidAt(i)));
  });
  routes.get('/accounts/:account/sms', (c) => {
    if (!store.account(c.req.param('account'))) return fail(c, 404, `Unknown account ${c.req.param('account')}`);
    return c.json(deps.sms.list(c.req.param('account')));
  });
  routes.post('/accounts/:account/revoke', (c) => {
    if (!store.account(c.req.param('account'))) return fail(c, 404, `Unknown account ${c.req.param('account')}`);
    deps.authority.revokeAccount(c.req.param('account'));
    return c.json({ errorCode: 0, message: 'OK' });
  });
  routes.post('/tokens', async (c) => {
    const b = await body(c, z.object({ accountUuid: z.string(), staffUuid: z.string(), scopes: z.array(z.string()) }));
    if (!b.ok) return b.res;
    try {
      return c.json(deps.authority.issueDirect(b.value));
    } catch (error) {
      return fail(c, 400, (error as Error).message);
    }
  });
  routes.post('/faults', async (c) => {
    const b = await body(c, FaultSpecSchema);
    if (!b.ok) return b.res;
    deps.faults.add(b.value);
    return c.json({ errorCode: 0, message: 'OK' });
  });
  routes.delete('/faults', (c) => {
    deps.faults.clear();
    return c.json({ errorCode: 0, message: 'OK' });
  });
  routes.post('/rate-limit', async (c) => {
    const b = await body(c, rateLimitSchema);
    if (!b.ok) return b.res;
    deps.limiter.setLimits(b.value);
    return c.json({ errorCode: 0, message: 'OK' });
  });
  routes.get('/switches', (c) => c.json(deps.switches.get()));
  routes.post('/switches', async (c) => {
    const b = await body(c, switchesPatchSchema);
    if (!b.ok) return b.res;
    return c.json(deps.switches.set(b.value));
  });
  routes.get('/stats', (c) =>
    c.json({
      requests: deps.requests(),
      recent: deps.recentRequests(),
      faultsInjected: deps.faults.injected(),
      grants: deps.authority.grantCounts(),
    }),
  );
  routes.all('/*', (c) => fail(c, 404, `Unknown control route ${c.req.method} ${c.req.path}`));
  return routes;
}
