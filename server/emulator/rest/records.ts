import { Hono, type Context } from 'hono';
import type { EmulatorEnv, Principal, Switches } from '../contracts';
import type { Cursors } from '../data/cursors';
import type { Rec, RecordTypeDef } from '../data/field-kinds';
import { resolveType } from '../data/record-types';
import type { Account, Store } from '../data/store';
import type { SwitchBoard } from '../switches';
import { isUuid, validateWrite } from '../data/validate';
import { readBody } from './body';
import { apiError, apiOk } from './errors';
import { isReadOnlyType, missingScope } from './scopes';
import { listRecords } from './list';
import { createPageAhead, type PageAhead } from './page-ahead';
import { servedRecord } from './served-record';
import { checkJobAllocation, writer } from './writer';
import { attachmentFile, createAttachmentWithFile, parseFilePath } from './attachment-files';
import type { FileStore } from '../data/files';

type C = Context<EmulatorEnv>;

export interface RecordRouteDeps {
  store: Store;
  /** Attachments' bytes (rest/attachment-files.ts). */
  files: FileStore;
  cursors: Cursors;
  switches: SwitchBoard;
  pagesAhead: PageAhead;
}

/** `/api_1.0/job.json`, `/api_1.0/job/<uuid>.json`, `/api_1.0/dbonote/<uuid>.json`. */
function parsePath(path: string): { segment: string; uuid: string | undefined } | undefined {
  const m = /\/api_1\.0\/([A-Za-z_]+)(?:\/([^/]+))?\.json$/.exec(path);
  if (!m) return undefined;
  return { segment: (m[1] as string).toLowerCase(), uuid: m[2] };
}

/** The REST API under {base_url}/api_1.0 (mounted behind the auth, rate-limit and fault middleware). */
export function createRecordRoutes(routeDeps: Omit<RecordRouteDeps, 'pagesAhead'>): Hono<EmulatorEnv> {
  const { store } = routeDeps;
  const deps: RecordRouteDeps = { ...routeDeps, pagesAhead: createPageAhead(store.version) };
  const routes = new Hono<EmulatorEnv>();

  routes.all('/*', async (c) => {
    const account = store.account(c.get('principal').accountUuid) as Account;
    const file = parseFilePath(c.req.path);
    if (file !== undefined) return attachmentFile(c, deps, account, file);
    const path = parsePath(c.req.path);
    if (!path)
      return apiError(
        c,
        404,
        `Unknown API path ${c.req.path}: use /api_1.0/<record_type>.json, /api_1.0/<record_type>/<uuid>.json or /api_1.0/attachment/<uuid>.file`,
      );
    const def = resolveType(path.segment);
    if (!def) return apiError(c, 404, `Unknown record type '${path.segment}'`);
    const method = c.req.method;
    if (path.uuid === undefined) {
      if (method === 'GET') return listRecords(c, deps, account, def);
      const multipart = (c.req.header('content-type') ?? '').toLowerCase().includes('multipart/form-data');
      if (method === 'POST' && def.name === 'attachment' && multipart)
        return createAttachmentWithFile(c, deps, account);
      if (method === 'POST') return createRecord(c, store, account, def, deps.switches.get().uuidReuse);
      return apiError(
        c,
        405,
        `${method} is not supported on a ${def.name} collection: use GET to list or POST to create`,
      );
    }
    if (!isUuid(path.uuid)) return apiError(c, 400, `Malformed record uuid '${path.uuid.slice(0, 60)}'`);
    const uuid = path.uuid.toLowerCase();
    if (method === 'GET') return getRecord(c, store, account, def, uuid, deps.switches.get());
    if (method === 'POST' || method === 'PUT') return updateRecord(c, store, account, def, uuid, false);
    if (method === 'DELETE') return updateRecord(c, store, account, def, uuid, true);
    return apiError(c, 405, `${method} is not supported on a ${def.name} record`);
  });
  return routes;
}

function getRecord(
  c: C,
  store: Store,
  account: Account,
  def: RecordTypeDef,
  uuid: string,
  switches: Switches,
): Response {
  const denied = missingScope(c.get('principal'), def.name, 'read');
  if (denied) return apiError(c, 403, denied);
  const i = store.find(account, def.name, uuid, c.get('viewers'));
  if (i === undefined) return apiError(c, 404, `No ${def.name} record with uuid ${uuid}`);
  return c.json(servedRecord(def.name, store.collection(account, def.name).get(i), switches));
}

async function createRecord(
  c: C,
  store: Store,
  account: Account,
  def: RecordTypeDef,
  reuse: Switches['uuidReuse'],
): Promise<Response> {
  if (isReadOnlyType(def.name)) return apiError(c, 405, `${def.name} records are read-only through the API`);
  const principal = c.get('principal');
  const denied = missingScope(principal, def.name, 'create');
  if (denied) return apiError(c, 403, denied);
  const body = await readBody(c);
  if (!body.ok) return apiError(c, 400, body.message);
  const valid = validateWrite(def, body.fields, true);
  if (!valid.ok) return apiError(c, 400, valid.message);
  const notAllocated = checkJobAllocation(c, store, account, def, valid.fields);
  if (notAllocated) return apiError(c, 403, notAllocated);
  const result = store.create(account, def, valid.fields, writer(c, account), reuse);
  if (!result.ok) return apiError(c, result.status, result.message);
  c.header('x-record-uuid', result.uuid);
  return apiOk(c);
}

function ownNoteRule(
  principal: Principal,
  def: RecordTypeDef,
  record: Rec,
  by: string | undefined,
): string | undefined {
  if (def.name !== 'note' || principal.kind === 'api_key') return undefined;
  if (record.edit_by_staff_uuid === by) return undefined;
  return 'publish_job_notes allows changing only your own notes';
}

async function updateRecord(
  c: C,
  store: Store,
  account: Account,
  def: RecordTypeDef,
  uuid: string,
  remove: boolean,
): Promise<Response> {
  if (isReadOnlyType(def.name)) return apiError(c, 405, `${def.name} records are read-only through the API`);
  const principal = c.get('principal');
  let fields: Rec = { active: 0 };
  if (!remove) {
    const body = await readBody(c);
    if (!body.ok) return apiError(c, 400, body.message);
    const sent = body.fields.uuid;
    if (sent !== undefined && String(sent).toLowerCase() !== uuid) {
      return apiError(c, 400, `The body's uuid ${String(sent)} differs from the uuid in the path`);
    }
    const valid = validateWrite(def, body.fields, false);
    if (!valid.ok) return apiError(c, 400, valid.message);
    fields = valid.fields;
  }
  // Changing only a job's badges is what manage_badges is for; everything else on a job needs manage_jobs.
  const badgesOnly = def.name === 'job' && Object.keys(fields).every((f) => f === 'badges');
  const denied = missingScope(principal, def.name, remove ? 'delete' : 'update', badgesOnly ? ['manage_badges'] : []);
  if (denied) return apiError(c, 403, denied);
  const i = store.find(account, def.name, uuid, c.get('viewers'));
  if (i === undefined) return apiError(c, 404, `No ${def.name} record with uuid ${uuid}`);
  const current = store.collection(account, def.name).get(i);
  const by = writer(c, account);
  const notOwn = ownNoteRule(principal, def, current, by);
  if (notOwn) return apiError(c, 403, notOwn);
  const merged = { ...current, ...fields };
  const notAllocated = checkJobAllocation(c, store, account, def, merged);
  if (notAllocated) return apiError(c, 403, notAllocated);
  const problem = store.checkReferences(account, def, merged);
  if (problem) return apiError(c, 400, problem);
  store.update(account, def, i, fields, by);
  return apiOk(c);
}
