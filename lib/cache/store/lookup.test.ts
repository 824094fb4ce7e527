import { describe, expect, it } from 'vitest';
import { createLookup, LIVE, normalizeJobNumber, SUPERSEDED, TOMBSTONE } from './lookup';
import type { LookupChunk } from './schema';
import { uuidHash } from './uuid-places';

const uuidOf = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function chunk(segment: number, uuids: string[], active?: number[]): LookupChunk {
  return {
    segment,
    uuids,
    numbers: uuids.map((_, i) => String(segment * 1000 + i + 1)),
    active: Uint8Array.from(active ?? uuids.map(() => LIVE)),
    dates: uuids.map(() => ''),
    edits: uuids.map(() => ''),
  };
}

describe('lookup', () => {
  it('finds every stored uuid among many and none of the uuids never stored', () => {
    const lookup = createLookup();
    for (let segment = 0; segment < 30; segment++) {
      lookup.putJobChunk(
        chunk(
          segment,
          Array.from({ length: 1000 }, (_, i) => uuidOf(segment * 1000 + i)),
        ),
      );
    }
    for (let n = 0; n < 30_000; n += 7) {
      expect(lookup.jobLocation(uuidOf(n))).toEqual({ segment: Math.floor(n / 1000), position: n % 1000 });
    }
    for (let n = 30_000; n < 40_000; n++) expect(lookup.jobLocation(uuidOf(n))).toBeUndefined();
    // Keys of any shape, not only uuids, and a uuid asked for in capitals.
    lookup.putJobChunk(chunk(40, ['job-1', 'x']));
    expect(lookup.jobLocation('job-1')).toEqual({ segment: 40, position: 0 });
    expect(lookup.jobLocation('x')).toEqual({ segment: 40, position: 1 });
    expect(lookup.jobLocation(uuidOf(12).toUpperCase())).toEqual({ segment: 0, position: 12 });
    // With the caller's hash of the uuid: used as it is for a uuid in its stored form; a uuid in capitals is found by
    // the hash of its lower case, whatever hash came with it.
    expect(lookup.jobLocation(uuidOf(13), uuidHash(uuidOf(13)))).toEqual({ segment: 0, position: 13 });
    const capitals = uuidOf(14).toUpperCase();
    expect(lookup.jobLocation(capitals, uuidHash(capitals))).toEqual({ segment: 0, position: 14 });
  });

  it('forgets what is superseded or cleared, and finds a uuid stored again after that', () => {
    const lookup = createLookup();
    const [a, b] = [uuidOf(1), uuidOf(2)];
    lookup.putJobChunk(chunk(0, [a, b], [LIVE, TOMBSTONE]));
    expect(lookup.jobLocation(b)).toEqual({ segment: 0, position: 1 });
    expect(lookup.liveJobLocation(b)).toBeUndefined();
    lookup.supersedeJobs(0, [0]);
    expect(lookup.jobLocation(a)).toBeUndefined();
    lookup.putJobChunk(chunk(1, [a], [LIVE]));
    expect(lookup.liveJobLocation(a)).toEqual({ segment: 1, position: 0 });
    lookup.clear();
    expect(lookup.jobLocation(a)).toBeUndefined();
    lookup.putJobChunk(chunk(0, [b, a], [LIVE, SUPERSEDED]));
    expect(lookup.jobLocation(b)).toEqual({ segment: 0, position: 0 });
    expect(lookup.jobLocation(a)).toBeUndefined();
    lookup.clearJobs();
    expect(lookup.jobLocation(b)).toBeUndefined();
  });

  it('normalises job numbers as people type them', () => {
    expect(normalizeJobNumber('1042')).toBe('1042');
    expect(normalizeJobNumber('#1042')).toBe('1042');
    expect(normalizeJobNumber('  #A-7 ')).toBe('a-7');
    expect(normalizeJobNumber('Ab12')).toBe('ab12');
    expect(normalizeJobNumber('\u00a01042\u00a0')).toBe('1042');
    expect(normalizeJobNumber('')).toBe('');
  });
});
