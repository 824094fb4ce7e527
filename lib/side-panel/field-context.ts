// What the side panel's services share for the current workspace: the client, the cache, the
// outbox, the answer store, and a few account facts read once per workspace (time zone, badge names, staff names).
// Switching who you are changes the scope key, and everything here is read again for the new one.
import { isApiError } from '../api/errors';
import type { Company, Job } from '../api/schemas';
import { createRecentLists, RECENT_TTL_MS, type RecentLists } from './recent-lists';
import type { Workspace } from '../workspace/workspace';
import { createAnswerStore, type AnswerStore } from './answer-store';
import { isOffline, NoStaffMemberError } from './errors';
import type { LiveHub } from '../messaging/live-hub';
import type { WorkspaceKey } from '../settings/workspace-key';
import { answersDbName } from '../databases';

export { isOffline, NoStaffMemberError } from './errors';

export interface FieldContextDeps {
  workspace: Workspace;
  live: LiveHub;
  /** The name of the staff member in view (from the session record). */
  staffName: () => Promise<string | null>;
  /** The account as the session recorded it at sign-in: its time zone and country, when it did. */
  account?: () => Promise<{ timeZone?: string | null | undefined; region?: string | null | undefined } | null>;
  /** Where the platform's web app is, for links to a job (lib/settings: the connection). */
  webApp: () => Promise<{ webUrl: string; jobLinkPath: string | null }>;
  now?: () => number;
}

interface PerWorkspace {
  id: string;
  store: AnswerStore;
  facts?: Promise<AccountFacts>;
  badgeNames?: Promise<Map<string, string> | null>;
  staffNames?: Promise<Map<string, string>>;
  /** Contacts, visits and allocations read lately (recent-lists.ts). */
  lists: RecentLists;
  /** Customers read from the platform while the cache lacks them (before the first sync). */
  companies: Map<string, { at: number; company: Company }>;
}

/** What pages need to know of the account to show its days and phone numbers. */
export interface AccountFacts {
  timeZone: string | null;
  region: string | null;
}

export function createFieldContext(deps: FieldContextDeps) {
  const now = deps.now ?? Date.now;
  let current: PerWorkspace | undefined;

  async function key(): Promise<WorkspaceKey> {
    const s = await deps.workspace.key();
    if (!s) throw new NoStaffMemberError();
    return s;
  }

  async function perWorkspace(): Promise<PerWorkspace> {
    const s = await key();
    const id = `${s.accountUuid}|${s.staffUuid}|${s.scopes.join(' ')}`;
    if (current?.id !== id) {
      void current?.store.close();
      current = {
        id,
        store: createAnswerStore(answersDbName(s.accountUuid, s.staffUuid)),
        lists: createRecentLists(() => deps.workspace.client(), now),
        companies: new Map(),
      };
    }
    return current;
  }

  /** A value read once per workspace; a failure is not kept, so the next call tries again. */
  function once<K extends 'facts' | 'badgeNames' | 'staffNames'>(k: K, read: () => NonNullable<PerWorkspace[K]>) {
    return async (): Promise<Awaited<NonNullable<PerWorkspace[K]>>> => {
      const p = await perWorkspace();
      const pending = (p[k] ??= read() as PerWorkspace[K]) as NonNullable<PerWorkspace[K]>;
      pending.catch(() => {
        if (p[k] === pending) p[k] = undefined;
      });
      return pending as Awaited<NonNullable<PerWorkspace[K]>>;
    };
  }

  const can = (s: WorkspaceKey, ...needed: string[]) =>
    s.mode === 'api_key' || needed.every((n) => s.scopes.includes(n));

  const ctx = {
    now,
    workspace: deps.workspace,
    live: deps.live,
    staffName: deps.staffName,
    webApp: deps.webApp,
    key,
    can,
    store: async () => (await perWorkspace()).store,
    client: () => deps.workspace.client(),

    /** The account's IANA zone (whose "today" every page shows) and country (how its phone numbers
     * are written): the session's, else read from the platform once and kept for offline. */
    facts: once('facts', async (): Promise<AccountFacts> => {
      const recorded = await deps.account?.();
      if (typeof recorded?.timeZone === 'string')
        return { timeZone: recorded.timeZone, region: recorded.region ?? null };
      const store = (await perWorkspace()).store;
      try {
        const vendor = await (await deps.workspace.client()).vendor.get();
        const facts = { timeZone: vendor.timezone_name || null, region: vendor.default_region || null };
        await store.put('vendor:facts', facts, now());
        return facts;
      } catch (error) {
        if (!isOffline(error)) throw error;
        return (await store.get<AccountFacts>('vendor:facts'))?.value ?? { timeZone: null, region: null };
      }
    }),
    async timeZone(): Promise<string | null> {
      return (await ctx.facts()).timeZone;
    },

    /** Badge uuid → name; null when the scopes do not allow reading them (badge.json needs manage_badges). */
    badgeNames: once('badgeNames', async () => {
      const s = await key();
      const store = (await perWorkspace()).store;
      if (!can(s, 'manage_badges')) return null;
      try {
        const { records } = await (await deps.workspace.client()).badges.list();
        const names = records.filter((b) => b.active).map((b) => [b.uuid, b.name] as [string, string]);
        await store.put('badges', names, now());
        return new Map(names);
      } catch (error) {
        if (!isOffline(error)) throw error;
        const saved = await store.get<Array<[string, string]>>('badges');
        return saved ? new Map(saved.value) : null;
      }
    }),

    /** Staff uuid → name, for note authors; empty when staff cannot be read. */
    staffNames: once('staffNames', async () => {
      try {
        const { records } = await (await deps.workspace.client()).staff.list();
        return new Map(records.map((s) => [s.uuid, `${s.first} ${s.last}`.trim() || s.email] as [string, string]));
      } catch (error) {
        if (isOffline(error)) throw error; // not kept: try again when back online
        return new Map<string, string>();
      }
    }),

    /** Jobs by uuid: the cache first, the platform for the ones it lacks (skipped without the scope). */
    async jobs(uuids: readonly string[]): Promise<Map<string, Job>> {
      const out = new Map<string, Job>();
      const cache = await deps.workspace.cache().catch(() => undefined);
      for (const uuid of new Set(uuids)) {
        const hit = await cache?.getJob(uuid);
        if (hit) out.set(uuid, hit);
      }
      const missing = [...new Set(uuids)].filter((u) => !out.has(u));
      if (missing.length && can(await key(), 'read_jobs')) {
        const client = await deps.workspace.client();
        const read = await Promise.all(
          missing.map((u) =>
            client.jobs.get(u).catch((e) => (isApiError(e, 'NotFoundError') ? undefined : Promise.reject(e))),
          ),
        );
        for (const job of read) if (job) out.set(job.uuid, job);
      }
      return out;
    },

    /** Companies by uuid: the cache first, then ones read lately, then the platform (skipped without the scope). */
    async companies(uuids: ReadonlyArray<string | null>): Promise<Map<string, Company>> {
      const wanted = [...new Set(uuids.filter((u): u is string => !!u))];
      const out = new Map<string, Company>();
      const cache = await deps.workspace.cache().catch(() => undefined);
      for (const uuid of wanted) {
        const hit = await cache?.getCompany(uuid);
        if (hit) out.set(uuid, hit);
      }
      const p = await perWorkspace();
      for (const uuid of wanted) {
        const kept = p.companies.get(uuid);
        if (!out.has(uuid) && kept && kept.at > now() - RECENT_TTL_MS) out.set(uuid, kept.company);
      }
      const s = await key();
      const missing = wanted.filter((u) => !out.has(u));
      if (missing.length && can(s, 'read_customers')) {
        const client = await deps.workspace.client();
        const read = await Promise.all(
          missing.map((u) => client.companies.get(u).catch((e) => (isOffline(e) ? Promise.reject(e) : undefined))),
        );
        for (const company of read) {
          if (!company) continue;
          out.set(company.uuid, company);
          p.companies.set(company.uuid, { at: now(), company });
        }
      }
      return out;
    },

    /** A company's active contacts, a job's on-site contacts, its activities and allocations: read lately
     * (recent-lists.ts), else now. */
    contactsOf: async (companyUuid: string) => (await perWorkspace()).lists.contactsOf(companyUuid),
    jobContactsOf: async (jobUuid: string) => (await perWorkspace()).lists.jobContactsOf(jobUuid),
    activitiesOf: async (jobUuid: string) => (await perWorkspace()).lists.activitiesOf(jobUuid),
    /** The platform said these jobs' activities changed (null: it could not say whose): read them again. */
    forgetActivities: (jobUuids: readonly string[] | null) => current?.lists.forgetActivities(jobUuids),
    allocationsOf: async (jobUuid: string) => (await perWorkspace()).lists.allocationsOf(jobUuid),
    attachmentsOf: async (jobUuid: string, fresh = false) => (await perWorkspace()).lists.attachmentsOf(jobUuid, fresh),

    /** Writes waiting in the outbox, per job. */
    async pendingByJob(): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      const outbox = await deps.workspace.outbox();
      for (const e of await outbox.pending()) counts.set(e.jobUuid, (counts.get(e.jobUuid) ?? 0) + 1);
      return counts;
    },
  };
  return ctx;
}

export type FieldContext = ReturnType<typeof createFieldContext>;
