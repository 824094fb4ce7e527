import { randomUUID } from 'node:crypto';
import type { ChangeBus, Clock, Switches } from '../contracts';
import { matches, type Condition } from './filter';
import { fillRecord, type Rec, type RecordTypeDef } from './field-kinds';
import { ALLOCATING, checkReferences } from './references';
import { collectionOf } from './collection';
import { completionStamp } from './job-completion';
import { jobVisible, restriction, staffRole } from './restrictions';
import { seedAccount, type AccountData } from './seed-account';
import { createVisibility, type Visibility } from './visibility';

export interface StoreOptions {
  seed: number;
  jobs: number;
  /** Active field workers of the first account, when more than its jobs need. */
  fieldWorkers?: number;
  /** Each account's time zone in place of its profile's, by position (EmulatorOptions.timeZones). */
  timeZones?: ReadonlyArray<string | undefined>;
  clock: Clock;
  changes: ChangeBus;
}

export interface Account extends AccountData {
  visibility: Visibility;
}

export type WriteResult =
  | { ok: true; uuid: string; created: boolean; changed: string[] }
  | { ok: false; status: 400 | 403 | 404; message: string };

export interface PageResult {
  /** Positions of the page's records, in order (read them with collection.json / get). */
  positions: number[];
  /** Position to resume from, present when more records follow. */
  next: number | undefined;
}

type UuidReuse = Switches['uuidReuse'];

/**
 * The emulator's records: two seeded accounts, per type a stable-order collection, and every write path
 * (edit_date, attribution, change events, allocation-based visibility) in one place.
 */
export function createStore(opts: StoreOptions) {
  const now = opts.clock.now();
  const accounts: Account[] = [0, 1].map((i) => {
    const fieldWorkers = i === 0 ? opts.fieldWorkers : undefined;
    const timeZone = opts.timeZones?.[i];
    const data = seedAccount(
      {
        seed: opts.seed,
        jobs: opts.jobs,
        now,
        ...(fieldWorkers ? { fieldWorkers } : {}),
        ...(timeZone ? { timeZone } : {}),
      },
      i,
    );
    return { ...data, visibility: createVisibility(data) };
  });
  const byUuid = new Map(accounts.map((a) => [a.info.uuid, a]));

  /** Bumped by every write: anything derived from records (a rendered page) is stale once it moves. */
  let version = 0;

  function page(
    account: Account,
    type: string,
    from: number,
    limit: number,
    conditions: Condition[],
    viewers: readonly string[],
  ): PageResult {
    const c = collectionOf(account, type);
    const allowed = restriction(account, type, viewers);
    const size = c.size();
    const ok = (i: number) =>
      (allowed === undefined || allowed(i)) && conditions.every((cond) => matches(cond, c.field(i, cond.field)));
    const positions: number[] = [];
    let i = from;
    for (; i < size && positions.length < limit; i++) if (ok(i)) positions.push(i);
    let more = false;
    for (let j = i; j < size && !more; j++) more = ok(j);
    return { positions, next: more ? i : undefined };
  }

  function find(account: Account, type: string, uuid: string, viewers: readonly string[]): number | undefined {
    const i = collectionOf(account, type).indexOf(uuid);
    if (i === undefined) return undefined;
    const allowed = restriction(account, type, viewers);
    return allowed === undefined || allowed(i) ? i : undefined;
  }

  function trackAllocation(account: Account, before: Rec | undefined, after: Rec): void {
    const jobs = collectionOf(account, 'job');
    const apply = (r: Rec, delta: 1 | -1) => {
      const i = jobs.indexOf(String(r.job_uuid));
      if (i !== undefined && Number(r.active) === 1) account.visibility.allocate(String(r.staff_uuid), i, delta);
    };
    if (before) apply(before, -1);
    apply(after, 1);
  }

  function emit(
    account: Account,
    type: string,
    uuid: string,
    changed: string[],
    record: Rec,
    previous: Rec | undefined,
  ) {
    opts.changes.emit({
      accountUuid: account.info.uuid,
      recordType: type,
      uuid,
      changedFields: changed,
      at: opts.clock.now(),
      record,
      previous,
    });
  }

  /** Applies already validated fields to record i; `by` is the staff member the change is attributed to. */
  function update(account: Account, def: RecordTypeDef, i: number, fields: Rec, by: string | undefined): string[] {
    const c = collectionOf(account, def.name);
    const before = c.get(i);
    const changed = Object.keys(fields).filter((f) => f !== 'uuid' && String(before[f]) !== String(fields[f]));
    if (changed.length === 0) return [];
    const after: Rec = { ...before };
    for (const f of changed) after[f] = fields[f] as string | number;
    const stamp = account.local.format(opts.clock.now());
    if (def.name === 'job') {
      for (const [f, v] of Object.entries(completionStamp(before, after, fields, stamp, by))) {
        if (String(after[f]) === String(v)) continue;
        after[f] = v;
        changed.push(f);
      }
    }
    after.edit_date = stamp;
    if (by && 'edit_by_staff_uuid' in def.fields) after.edit_by_staff_uuid = by;
    c.replace(i, after);
    version++;
    if (ALLOCATING.has(def.name)) trackAllocation(account, before, after);
    emit(account, def.name, String(before.uuid), changed, after, before);
    return changed;
  }

  /**
   * Creates a record. A client-chosen uuid that already exists is handled as `reuse` says (the platform's answer
   * is unknown, see Switches.uuidReuse): update it, refuse with 400, or make a second record under a new uuid.
   */
  function create(
    account: Account,
    def: RecordTypeDef,
    fields: Rec,
    by: string | undefined,
    reuse: UuidReuse = 'update',
  ): WriteResult {
    const c = collectionOf(account, def.name);
    let uuid = String(fields.uuid ?? randomUUID()).toLowerCase();
    const existing = c.indexOf(uuid);
    if (existing !== undefined && reuse === 'refuse') {
      return { ok: false, status: 400, message: `A ${def.name} record with uuid ${uuid} already exists` };
    }
    if (existing !== undefined && reuse === 'update') {
      const problem = checkReferences(account, def, { ...c.get(existing), ...fields });
      if (problem) return { ok: false, status: 400, message: problem };
      return { ok: true, uuid, created: false, changed: update(account, def, existing, fields, by) };
    }
    if (existing !== undefined) uuid = randomUUID();
    const stamp = account.local.format(opts.clock.now());
    const defaults: Rec = { uuid, active: 1, edit_date: stamp };
    if (def.name === 'job') {
      const vendor = collectionOf(account, 'vendor').get(0);
      Object.assign(defaults, {
        status: String(vendor.job_default_status || 'Quote'),
        generated_job_id: String(account.nextJobNumber++),
        date: stamp.slice(0, 10),
        created_by_staff_uuid: by ?? '',
      });
    }
    if (def.name === 'note') Object.assign(defaults, { create_date: stamp, action_required: '0' });
    // Who attached it and when, unless the writer said (the SDK's own example sends created_by_staff_uuid).
    if (def.name === 'attachment')
      Object.assign(defaults, { created_by_staff_uuid: by ?? '', timestamp: stamp, is_favourite: '0' });
    const completion =
      def.name === 'job' ? completionStamp(undefined, { ...defaults, ...fields }, fields, stamp, by) : {};
    const record = fillRecord(def, { ...defaults, ...fields, ...completion, uuid, edit_date: stamp });
    if (by && 'edit_by_staff_uuid' in def.fields) record.edit_by_staff_uuid = by;
    const problem = checkReferences(account, def, record);
    if (problem) return { ok: false, status: 400, message: problem };
    c.append(record);
    version++;
    if (ALLOCATING.has(def.name)) trackAllocation(account, undefined, record);
    const changed = Object.keys(fields).filter((f) => f !== 'uuid');
    emit(account, def.name, uuid, changed.length > 0 ? changed : ['uuid'], record, undefined);
    return { ok: true, uuid, created: true, changed };
  }

  return {
    accounts,
    account: (uuid: string) => byUuid.get(uuid),
    collection: collectionOf,
    version: () => version,
    staffRole,
    restriction,
    jobVisible,
    page,
    find,
    update,
    create,
    checkReferences,
  };
}

export type Store = ReturnType<typeof createStore>;
