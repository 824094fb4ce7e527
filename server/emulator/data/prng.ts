// Deterministic randomness. Every seeded value is a pure function of (seed, what, index), so a record can be
// generated on demand (lazily) and is the same every time: 200,000 jobs need no memory until they change.

/** A 32-bit hash of up to four integers (murmur3-style mixing; fixed arity, as this runs ~50 times a record). */
export function hash32(a: number, b = 0, c = 0, d = 0): number {
  let h = 0x9e3779b9;
  h = mixIn(h, a);
  h = mixIn(h, b);
  h = mixIn(h, c);
  h = mixIn(h, d);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function mixIn(h: number, part: number): number {
  let k = Math.imul(part | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** A hash of a short string, to turn names ("job", "status") into hash parts. */
export function nameCode(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Uniform in [0, 1) from a hash. */
export function unit(h: number): number {
  return h / 4294967296;
}

export interface Rng {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  hex(length: number): string;
  uuid(): string;
}

/** mulberry32: small, fast, good enough for test data. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const hex = (length: number) => {
    let out = '';
    while (out.length < length) out += ((next() * 4294967296) >>> 0).toString(16).padStart(8, '0');
    return out.slice(0, length);
  };
  return {
    next,
    int,
    pick: (items) => items[int(items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
    hex,
    uuid: () => formatUuid(hex(32)),
  };
}

/** Formats 32 hex digits as a version-4 UUID. */
export function formatUuid(h: string): string {
  const variant = '89ab'[h.charCodeAt(16) & 3];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex8 = (n: number) =>
  (BYTE_HEX[(n >>> 24) & 255] as string) + BYTE_HEX[(n >>> 16) & 255] + BYTE_HEX[(n >>> 8) & 255] + BYTE_HEX[n & 255];

/**
 * The UUID of the index-th seeded record of a kind. The last 8 hex digits carry the index (masked), so the
 * record can be found from its UUID without a map: `indexFromUuid` reverses it and the caller re-checks.
 */
export function indexedUuid(kindSeed: number, index: number): string {
  const a = hash32(kindSeed, index, 1);
  const b = hash32(kindSeed, index, 2);
  const c = hash32(kindSeed, index, 3);
  return formatUuid(hex8(a) + hex8(b) + hex8(c) + hex8(permute(index, hash32(kindSeed, 0x5eed))));
}

export function indexFromUuid(kindSeed: number, uuid: string): number | undefined {
  if (uuid.length !== 36) return undefined;
  const tail = parseInt(uuid.slice(28), 16);
  if (!Number.isFinite(tail)) return undefined;
  return unpermute(tail, hash32(kindSeed, 0x5eed));
}

// An invertible 32-bit mix, so the index hidden in a UUID does not show as a visible counter.
const M1 = 0x9e3779b1;
const M2 = 0x85ebca6b;
const inverse = (a: number) => {
  let x = a;
  for (let i = 0; i < 5; i++) x = Math.imul(x, 2 - Math.imul(a, x));
  return x;
};
const M1_INV = inverse(M1);
const M2_INV = inverse(M2);

function permute(index: number, mask: number): number {
  let x = Math.imul((index ^ mask) >>> 0, M1) >>> 0;
  x = (x ^ (x >>> 16)) >>> 0;
  x = Math.imul(x, M2) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

function unpermute(value: number, mask: number): number {
  let x = (value ^ (value >>> 16)) >>> 0;
  x = Math.imul(x, M2_INV) >>> 0;
  x = (x ^ (x >>> 16)) >>> 0;
  x = Math.imul(x, M1_INV) >>> 0;
  return (x ^ mask) >>> 0;
}
