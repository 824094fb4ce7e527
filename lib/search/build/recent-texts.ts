// Build time only: piece ids of recently met texts by their original, checked before folding a description, so a
// repeated one costs 16 characters and one native string comparison instead of folding and hashing all of it (a Map
// keyed by the strings hashes each in the runtime, slow in a cold build). Direct-mapped: a text's place comes from its
// length and its first and last 8 characters; a miss sends the caller the long way. Where texts seldom repeat it only
// costs, so it gives up for the build when fewer than a quarter of its first TRIAL lookups hit. It holds at most
// `size` strings past their page.

/** Lookups made before judging whether the cache pays. */
const TRIAL = 8192;

export class RecentTexts {
  private readonly mask: number;
  private readonly texts: string[];
  /** The piece id of the text at each place, -1 for none yet. */
  private readonly ids: Int32Array;
  // Counters rather than a "gave up" flag: they change from the first page on, so optimised code
  // never takes them for constants. And no code runs only once the cache gives up, or only on a
  // hit (both come late where texts seldom repeat): optimised code compiled before would be
  // thrown away there (find, and the writer's functions it is inlined into, at a cold build's cost).
  private lookups = 0;
  private hits = 0;

  /** `size`: places, a power of two. */
  constructor(size: number) {
    this.mask = size - 1;
    this.texts = new Array<string>(size).fill('');
    this.ids = new Int32Array(size).fill(-1);
  }

  /** The id given with `text` when it was last added, or -1 (another text has taken its place,
   * or the cache gave up). */
  find(text: string): number {
    if (this.gaveUp()) return -1;
    const place = this.placeOf(text);
    const stored = this.ids[place]!;
    const id = this.texts[place] === text ? stored : -1;
    this.lookups++;
    this.hits += (id >>> 31) ^ 1;
    return id;
  }

  add(text: string, id: number): void {
    if (this.gaveUp()) return;
    const place = this.placeOf(text);
    this.texts[place] = text;
    this.ids[place] = id;
  }

  /** Whether at least TRIAL lookups were made and under a quarter hit. */
  private gaveUp(): boolean {
    return ((TRIAL - 1 - this.lookups) & (4 * this.hits - this.lookups)) < 0;
  }

  private placeOf(text: string): number {
    const n = text.length;
    const ends = n < 8 ? n : 8;
    let hash = Math.imul(n, 0x9e3779b1);
    for (let i = 0; i < ends; i++)
      hash = Math.imul(hash ^ text.charCodeAt(i) ^ (text.charCodeAt(n - 1 - i) << 16), 0x85ebca6b);
    return (hash ^ (hash >>> 15)) & this.mask;
  }
}
