import type { Context } from 'hono';
import type { EmulatorEnv } from '../contracts';
import { parseFilter, type Condition } from '../data/filter';
import type { RecordTypeDef } from '../data/field-kinds';
import { MAX_PAGE_SIZE } from '../switches';
import type { Account } from '../data/store';
import { apiError } from './errors';
import { missingScope } from './scopes';
import type { RenderedPage } from './page-ahead';
import type { RecordRouteDeps } from './records';
import { servedJson } from './served-record';

/** Without a cursor the platform answers everything; the emulator stops at this many, and says so in a header. */
export const UNPAGED_CAP = MAX_PAGE_SIZE;

/**
 * GET <type>.json: cursor pages (`cursor=-1`, then `x-next-cursor`) of the `pageSize` switch, or everything without
 * a cursor; `$filter`, which the `unparsableFilter` switch refuses (400) or ignores when it cannot be parsed.
 */
export function listRecords(
  c: Context<EmulatorEnv>,
  deps: RecordRouteDeps,
  account: Account,
  def: RecordTypeDef,
): Response {
  const started = performance.now();
  const denied = missingScope(c.get('principal'), def.name, 'read');
  if (denied) return apiError(c, 403, denied);
  const switches = deps.switches.get();
  let conditions: Condition[] = [];
  const filter = c.req.query('$filter');
  if (filter !== undefined) {
    const parsed = parseFilter(def, filter);
    if (parsed.ok) conditions = parsed.conditions;
    else if (switches.unparsableFilter === 'refuse') return apiError(c, 400, parsed.message);
    // Ignored, as the platform ignores a filter it cannot read: the header is the emulator's own, for debugging.
    else c.header('x-emulator-filter-ignored', parsed.message.replace(/[^\x20-\x7e]/g, '?').slice(0, 200));
  }
  const cursor = c.req.query('cursor');
  const scope = `${account.info.uuid}|${def.name}`;
  let from = 0;
  if (cursor !== undefined) {
    const found = deps.cursors.resolve(scope, cursor.trim());
    if (!found.ok) return apiError(c, 400, found.message);
    from = found.position;
  }
  const limit = cursor === undefined ? UNPAGED_CAP : switches.pageSize;
  const viewers = c.get('viewers');
  const keyAt = (position: number) =>
    `${scope}|${position}|${limit}|${switches.isIndividual}|${viewers.join(',')}|${filter ?? ''}`;
  const render = (position: number): RenderedPage => {
    const t = performance.now();
    const page = deps.store.page(account, def.name, position, limit, conditions, viewers);
    const records = deps.store.collection(account, def.name);
    const json = page.positions.map((i) => servedJson(def.name, records, i, switches));
    const body = Buffer.from(`[${json.join(',')}]`, 'utf8');
    return { body, next: page.next, renderMs: performance.now() - t };
  };
  const page = deps.pagesAhead.take(keyAt(from)) ?? render(from);
  if (page.next !== undefined) {
    if (cursor !== undefined) {
      c.header('x-next-cursor', deps.cursors.issue(scope, page.next));
      const next = page.next;
      deps.pagesAhead.renderSoon(keyAt(next), () => render(next));
    } else {
      c.header('x-emulator-truncated', `only the first ${UNPAGED_CAP} records; page with cursor=-1`);
    }
  }
  c.header('content-type', 'application/json; charset=UTF-8');
  // The request's own time, and the page's render time (done ahead, while the client read the page before, when
  // the client pages in order): the benchmark separates both from HTTP and client time.
  c.header(
    'server-timing',
    `page;dur=${(performance.now() - started).toFixed(2)}, render;dur=${page.renderMs.toFixed(2)}`,
  );
  return c.body(page.body);
}
