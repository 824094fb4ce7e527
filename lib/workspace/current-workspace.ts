import { createPlatformClient, type PlatformClient } from '../api/client';
import type { FetchLike } from '../api/buffered-fetch';
import {
  accountLimiterKey,
  createRateLimiterRegistry,
  type RateLimiterOptions,
  type RateLimiterRegistry,
} from '../api/rate-limiter';
import type { Job } from '../api/schemas';
import type { MadeCustomers } from '../cache/sync/customer-sync';
import {
  createServerClock,
  createCacheSync,
  openCacheDb,
  openJobCache,
  type JobCache,
  type CacheSync,
  type SyncState,
} from '../cache';
import { createOutbox, type Outbox } from '../outbox';
import type { LiveEvent } from '../messaging/views';
import { readWorkspaceKey } from '../settings/validated-reads';
import { impersonates, workspaceId, type WorkspaceKey } from '../settings/workspace-key';
import type { LiveHub } from '../messaging/live-hub';
import type { Workspace } from './workspace';
import type { ClientContext } from '../api/client-context';
import { cacheDbName } from '../databases';

// The one implementation of Workspace: everything of the current workspace (client, cache,
// sync, outbox) is opened lazily, once, and kept until it changes or the person signs out. Its
// key is re-read from storage on every call, so a "who are you" switch made by another service
// is noticed at the next use without anyone having to tell us.

export interface CurrentWorkspaceDeps {
  /** SessionService.context: how requests authenticate, and as whom. */
  context: () => Promise<ClientContext>;
  hub: LiveHub;
  /** Sync progress of the current workspace (the sync schedule pushes it on the live port). */
  onSyncProgress?: (state: SyncState, key: WorkspaceKey) => void;
  /** The background's one limiter registry (shared with the session's reads); else one made from `limiter`. */
  limiters?: RateLimiterRegistry;
  /** Limiter settings when no registry is given; one limiter per account either way. */
  limiter?: RateLimiterOptions;
  /** The network (tests); globalThis.fetch by default. */
  fetch?: FetchLike;
  /** navigator.storage.persist, asked by the full sync. */
  requestPersistence?: () => Promise<boolean>;
  /** Whether a workspace's person searches customers: its syncs read changed contacts only then. */
  contactsWanted?: (key: WorkspaceKey) => Promise<boolean>;
}

interface Opened {
  id: string;
  key: WorkspaceKey;
  clock: ReturnType<typeof createServerClock>;
  client?: PlatformClient;
  cache?: Promise<JobCache>;
  sync?: Promise<CacheSync>;
  outbox?: Outbox;
}

export function createCurrentWorkspace(deps: CurrentWorkspaceDeps): Workspace & {
  /** The key of the resources now open (no storage read); null when none are. */
  openKey(): WorkspaceKey | null;
} {
  const limiters = deps.limiters ?? createRateLimiterRegistry(deps.limiter ?? {});
  const baseFetch: FetchLike = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let opened: Opened | null = null;

  async function closeOpened(which: Opened | null): Promise<void> {
    if (!which) return;
    const [cache] = await Promise.all([
      which.cache?.catch(() => undefined),
      which.outbox?.close().catch(() => undefined),
    ]);
    cache?.close();
  }

  /** The resources of the current workspace, reopened when it changed. */
  async function current(): Promise<Opened> {
    const key = await readWorkspaceKey();
    if (!key) {
      const stale = opened;
      opened = null;
      await closeOpened(stale);
      throw new NoWorkspaceError();
    }
    const id = workspaceId(key);
    if (opened?.id !== id) {
      const stale = opened;
      opened = { id, key: key, clock: createServerClock(baseFetch) };
      await closeOpened(stale);
    }
    return opened!;
  }

  function makeClient(o: Opened, ctx: ClientContext, impersonate = impersonates(o.key)): PlatformClient {
    return createPlatformClient({
      baseUrl: ctx.baseUrl,
      auth: ctx.auth,
      // One limiter per account for every client of the background (sync, field work, webhooks).
      limiter: limiters.forAccount(accountLimiterKey(o.key.baseUrl, o.key.accountUuid)),
      fetch: o.clock.fetch,
      ...(impersonate ? { impersonateStaffUuid: o.key.staffUuid } : {}),
    });
  }

  /** The same connection without impersonation, for the outbox to find a job it made that the staff member in
   * view may not see (create-once.ts); never for reading anything to show. Undefined when nobody is impersonated. */
  async function tokenViewClient(): Promise<PlatformClient | undefined> {
    const o = await current();
    if (!impersonates(o.key)) return undefined;
    const ctx = await deps.context();
    return makeClient(o, ctx, false);
  }

  async function client(): Promise<PlatformClient> {
    const o = await current();
    if (!o.client) {
      const ctx = await deps.context();
      if (opened !== o) return client();
      o.client ??= makeClient(o, ctx);
    }
    return o.client;
  }

  async function cache(): Promise<JobCache> {
    const o = await current();
    o.cache ??= openCacheDb(cacheDbName(o.key.accountUuid, o.key.staffUuid, o.key.ownView)).then(openJobCache);
    o.cache.catch(() => {
      if (opened === o) o.cache = undefined; // let the next call try again
    });
    return o.cache;
  }

  async function sync(): Promise<CacheSync> {
    const o = await current();
    o.sync ??= (async () => {
      const [c, jobs] = await Promise.all([client(), cache()]);
      return createCacheSync({
        client: c,
        cache: jobs,
        now: o.clock.now,
        onProgress: (state) => {
          if (opened === o) deps.onSyncProgress?.(state, o.key);
        },
        ...(deps.requestPersistence ? { requestPersistence: deps.requestPersistence } : {}),
        ...(deps.contactsWanted ? { contactsWanted: () => deps.contactsWanted!(o.key) } : {}),
      });
    })();
    o.sync.catch(() => {
      if (opened === o) o.sync = undefined;
    });
    return o.sync;
  }

  return {
    key: readWorkspaceKey,
    openKey: () => opened?.key ?? null,
    client,
    tokenViewClient,
    cache,
    sync,
    async outbox(): Promise<Outbox> {
      const o = await current();
      o.outbox ??= createOutbox({
        accountUuid: o.key.accountUuid,
        ...(o.key.staffUuid === 'all' ? {} : { staffUuid: o.key.staffUuid }),
      });
      return o.outbox;
    },
    async upsertJobs(jobs: readonly Job[], made?: MadeCustomers): Promise<void> {
      if (jobs.length === 0) return;
      await (await sync()).upsert(jobs, made);
      const event: LiveEvent = { type: 'jobs.changed', uuids: [...new Set(jobs.map((j) => j.uuid))] };
      deps.hub.broadcast(event);
    },
    async close(): Promise<void> {
      const stale = opened;
      opened = null;
      await closeOpened(stale);
    },
  };
}
export type CurrentWorkspace = ReturnType<typeof createCurrentWorkspace>;

export class NoWorkspaceError extends Error {
  override readonly name = 'SignedOutError';
  constructor() {
    super('Not signed in (or "who are you" not answered yet): there is no workspace to read');
  }
}
