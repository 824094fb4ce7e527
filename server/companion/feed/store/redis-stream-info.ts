// Whether a reader's position is older than what an account's Redis stream still keeps. Streams are trimmed
// from the oldest end, so when the entry at the position is gone, everything after it may be gone too: that is a
// gap (Redis 7.0 does not count trimmed entries in max-deleted-entry-id, so the first kept entry decides).
// A position the stream never reached (another Redis, or one that was reset) is a gap as well.

export interface StreamInfo {
  /** Entries ever added, and still kept. */
  added: number;
  length: number;
  firstId: string | undefined;
  lastGeneratedId: string;
}

/**
 * XINFO STREAM through whichever client the store speaks (`xinfo` sends it), or undefined when the stream does not
 * exist (nothing was ever appended, or Redis lost it).
 */
export async function readStreamInfo(xinfo: () => Promise<unknown>): Promise<StreamInfo | undefined> {
  let reply: unknown;
  try {
    reply = await xinfo();
  } catch (error) {
    if (/no such key/i.test((error as Error).message)) return undefined;
    throw error;
  }
  const flat = reply as unknown[];
  const field = (name: string): unknown => flat[flat.indexOf(name) + 1];
  const first = field('first-entry') as [string, unknown] | null;
  return {
    added: Number(field('entries-added')),
    length: Number(field('length')),
    firstId: first?.[0] ?? undefined,
    lastGeneratedId: String(field('last-generated-id')),
  };
}

function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(BigInt) as [bigint, bigint];
  const [bm, bs] = b.split('-').map(BigInt) as [bigint, bigint];
  return am === bm ? (as === bs ? 0 : as < bs ? -1 : 1) : am < bm ? -1 : 1;
}

export function gapAfter(after: string, info: StreamInfo | undefined): boolean {
  if (after === '0') return info !== undefined && info.added > info.length;
  if (!info) return true;
  if (compareIds(after, info.lastGeneratedId) > 0) return true;
  return info.firstId !== undefined && compareIds(after, info.firstId) < 0;
}
