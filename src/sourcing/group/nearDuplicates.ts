// Near-duplicate pages by shingled MinHash with locality-sensitive hashing. Each page's text
// becomes a set of word 5-grams; 120 MinHash values per page are cut into 40 bands of 3, and only
// pages that share a band are compared exactly, so the cost grows about linearly with the number
// of pages instead of with its square. A pair is a near duplicate when their shingle sets overlap
// enough either way round (Jaccard) or one is mostly contained in the other (a trimmed relay).

const SHINGLE = 5;
const BANDS = 40;
const ROWS = 3;
const HASHES = BANDS * ROWS;
/** Below this many shingles a text is too short to call anything a copy of it. */
export const MIN_SHINGLES = 12;

export interface NearDuplicateOptions {
  /** Jaccard similarity at or above which two pages are near duplicates. */
  jaccard?: number;
  /** Share of the smaller page's shingles found in the larger one at or above which it is a trimmed copy. */
  containment?: number;
}

/** FNV-1a, 32 bits: a fast, well-spread hash for shingles. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Lower-case words of letters and digits, in any script. Japanese and Chinese write no spaces, so
 * their text counts one character as a word: five-character shingles are then as telling as five
 * words elsewhere.
 */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .match(/[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}]|(?:(?![\p{scx=Han}\p{scx=Hira}\p{scx=Kana}])[\p{L}\p{N}])+/gu) ?? []
  );
}

export function shingles(text: string): Set<number> {
  const w = words(text);
  const out = new Set<number>();
  for (let i = 0; i + SHINGLE <= w.length; i++) out.add(fnv1a(w.slice(i, i + SHINGLE).join(" ")));
  return out;
}

// One hash function per MinHash row: MurmurHash3's 32-bit finaliser over the shingle hash mixed
// with a per-row seed. Integer-only, so a page of a few thousand shingles takes well under a
// millisecond; the seeds are fixed so results repeat from run to run.
const SEEDS: Uint32Array = (() => {
  const seeds = new Uint32Array(HASHES);
  let x = 0x2545f491;
  for (let i = 0; i < HASHES; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    seeds[i] = x >>> 0;
  }
  return seeds;
})();

function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function minHash(set: Set<number>): Uint32Array {
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  for (const value of set) {
    for (let i = 0; i < HASHES; i++) {
      const h = mix(value ^ (SEEDS[i] as number));
      if (h < (sig[i] as number)) sig[i] = h;
    }
  }
  return sig;
}

function overlap(a: Set<number>, b: Set<number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const x of small) if (large.has(x)) shared++;
  return shared;
}

export interface NearDuplicatePair {
  a: number;
  b: number;
  jaccard: number;
  containment: number;
}

/** Index pairs (a < b) of texts that are near duplicates of each other. */
export function nearDuplicatePairs(texts: readonly string[], options: NearDuplicateOptions = {}): NearDuplicatePair[] {
  const jaccardMin = options.jaccard ?? 0.5;
  const containmentMin = options.containment ?? 0.7;
  const sets = texts.map(shingles);
  const buckets = new Map<string, number[]>();
  sets.forEach((set, index) => {
    if (set.size < MIN_SHINGLES) return;
    const sig = minHash(set);
    for (let band = 0; band < BANDS; band++) {
      const key = `${band}:${Array.from(sig.subarray(band * ROWS, band * ROWS + ROWS)).join(",")}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.push(index);
      else buckets.set(key, [index]);
    }
  });
  const seen = new Set<string>();
  const pairs: NearDuplicatePair[] = [];
  for (const bucket of buckets.values()) {
    for (let i = 0; i < bucket.length; i++) {
      for (let j = i + 1; j < bucket.length; j++) {
        const a = Math.min(bucket[i] as number, bucket[j] as number);
        const b = Math.max(bucket[i] as number, bucket[j] as number);
        const key = `${a}:${b}`;
        if (a === b || seen.has(key)) continue;
        seen.add(key);
        const sa = sets[a] as Set<number>;
        const sb = sets[b] as Set<number>;
        const shared = overlap(sa, sb);
        const jaccard = shared / (sa.size + sb.size - shared);
        const containment = shared / Math.min(sa.size, sb.size);
        if (jaccard >= jaccardMin || containment >= containmentMin) pairs.push({ a, b, jaccard, containment });
      }
    }
  }
  return pairs;
}
