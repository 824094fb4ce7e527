import type { Workspace } from '../workspace/workspace';

// Badge definitions (uuid → name) for the job badges on pages. They change rarely, so they are read
// once per workspace and kept for a while. Reading badge.json needs manage_badges: without it (or
// offline) the names are unknown (null) and badges show only the job's status.

const FRESH_MS = 10 * 60_000;
const RETRY_MS = 60_000;

export function createBadgeNames(workspace: Workspace, now: () => number = Date.now) {
  let held: { key: string; names: Map<string, string> | null; until: number } | undefined;
  let inflight: Promise<Map<string, string> | null> | undefined;

  async function load(key: string, allowed: boolean): Promise<Map<string, string> | null> {
    if (!allowed) {
      held = { key, names: null, until: now() + FRESH_MS };
      return null;
    }
    try {
      const { records } = await (await workspace.client()).badges.list();
      held = {
        key,
        names: new Map(records.filter((b) => b.active).map((b) => [b.uuid, b.name] as const)),
        until: now() + FRESH_MS,
      };
    } catch (error) {
      console.warn('Fieldside: badge names unavailable', error);
      held = { key, names: held?.key === key ? held.names : null, until: now() + RETRY_MS };
    }
    return held.names;
  }

  return {
    async get(): Promise<Map<string, string> | null> {
      const current = await workspace.key();
      if (!current) return null;
      const key = `${current.accountUuid}|${current.staffUuid}|${current.scopes.join(' ')}`;
      if (held?.key === key && held.until > now()) return held.names;
      // Single-flight: a page of 50 badges asks once.
      inflight ??= load(key, current.mode === 'api_key' || current.scopes.includes('manage_badges')).finally(
        () => (inflight = undefined),
      );
      return inflight;
    },
  };
}
