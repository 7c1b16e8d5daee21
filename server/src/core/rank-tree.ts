// The records of one leaderboard period in rank order, packed: an order-statistic treap (each node knows
// its subtree's size, so the rank of a key is O(log n) expected) whose nodes live in typed arrays, with an
// open-addressing index from owner to node. A million records take about 80 MB and are a few dozen
// objects for the garbage collector, not millions: nothing to trace, no long pauses.

/**
 * A score as ranked: a number when it is a safe integer, a bigint beyond (one value has one form, so equal
 * values compare equal; numbers and bigints compare by value). Numbers keep a million keys lighter.
 */
export type RankScore = number | bigint;

export function rankScore(text: string): RankScore {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

/** A record as ranked: sort values, the update time in microseconds, and num_score as its version. */
export interface RankKey {
  score: RankScore;
  subscore: RankScore;
  micros: number;
  owner: string;
  numScore: number;
}

/**
 * The order of a board: score and subscore by its sort order, then the earlier update, then the owner id.
 * @internal
 */
export function rankOrder(desc: boolean): (a: RankKey, b: RankKey) => number {
  return (a, b) => {
    if (a.score !== b.score) return (a.score < b.score) !== desc ? -1 : 1;
    if (a.subscore !== b.subscore) return (a.subscore < b.subscore) !== desc ? -1 : 1;
    if (a.micros !== b.micros) return a.micros < b.micros ? -1 : 1;
    if (a.owner !== b.owner) return a.owner < b.owner ? -1 : 1;
    return 0;
  };
}

const NIL = 0;
const EMPTY = 0;
const GONE = -1;

/** An owner id (a UUID) as four 32-bit words, in the order of its text. */
function ownerWords(owner: string, out: Uint32Array, at: number): void {
  const hex = owner.length === 36 ? owner.slice(0, 8) + owner.slice(9, 13) + owner.slice(14, 18) + owner.slice(19, 23) + owner.slice(24) : owner;
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`not an owner id: ${owner}`);
  for (let w = 0; w < 4; w++) out[at + w] = parseInt(hex.slice(w * 8, w * 8 + 8), 16);
}

function wordsOwner(words: Uint32Array, at: number): string {
  const hex = Array.from(words.subarray(at, at + 4), (w) => w.toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Orders two values held as a float and, when not a safe integer, the exact bigint. */
function compareValue(a: number, aBig: bigint | undefined, b: number, bBig: bigint | undefined): number {
  // Number() of a bigint never reverses an order, so different floats decide; equal ones need the exact values.
  if (a !== b) return a < b ? -1 : 1;
  if (aBig === undefined && bBig === undefined) return 0;
  const x = aBig ?? BigInt(a);
  const y = bBig ?? BigInt(b);
  return x === y ? 0 : x < y ? -1 : 1;
}

export class RankTree {
  private readonly desc: boolean;
  private cap = 0;
  private left = new Int32Array(0);
  private right = new Int32Array(0);
  private sizes = new Int32Array(0);
  private prio = new Uint32Array(0);
  private score = new Float64Array(0);
  private sub = new Float64Array(0);
  private micros = new Float64Array(0);
  private numScore = new Float64Array(0);
  private owner = new Uint32Array(0);
  /** Exact values of the rare scores and subscores beyond 2^53, by node. */
  private readonly big = new Map<number, { score?: bigint; sub?: bigint }>();
  private readonly free: number[] = [];
  private next = 1;
  private root = NIL;
  /** Owner index: node numbers (EMPTY, GONE for a removed entry), probed linearly. */
  private slots = new Int32Array(16);
  private used = 0;
  // The key being placed or looked for, and split's two results.
  private readonly probeOwner = new Uint32Array(4);
  private pScore = 0;
  private pSub = 0;
  private pMicros = 0;
  private pScoreBig: bigint | undefined;
  private pSubBig: bigint | undefined;
  private splitLeft = NIL;
  private splitRight = NIL;

  constructor(desc: boolean) {
    this.desc = desc;
    this.grow(1024);
  }

  get size(): number {
    return this.sizes[this.root];
  }

  /** The stored key of an owner, or undefined. */
  get(owner: string): RankKey | undefined {
    const n = this.find(owner);
    return n === NIL ? undefined : this.keyAt(n);
  }

  /** The number of scores the owner's stored record has (its version), or -1 when it has none. */
  version(owner: string): number {
    const n = this.find(owner);
    return n === NIL ? -1 : this.numScore[n];
  }

  /** Adds a key whose owner has none here (put replaces). */
  insert(key: RankKey): void {
    const n = this.alloc();
    this.setProbe(key);
    this.score[n] = this.pScore;
    this.sub[n] = this.pSub;
    this.micros[n] = this.pMicros;
    this.numScore[n] = key.numScore;
    this.owner.set(this.probeOwner, n * 4);
    if (this.pScoreBig !== undefined || this.pSubBig !== undefined) this.big.set(n, { score: this.pScoreBig, sub: this.pSubBig });
    this.prio[n] = (Math.random() * 0x1_0000_0000) >>> 0;
    this.left[n] = NIL;
    this.right[n] = NIL;
    this.sizes[n] = 1;
    this.split(this.root, false);
    const r = this.splitRight;
    this.root = this.merge(this.merge(this.splitLeft, n), r);
    this.index(n);
  }

  /** Removes the owner's key; false when there was none. */
  remove(owner: string): boolean {
    const n = this.find(owner);
    if (n === NIL) return false;
    this.probeNode(n);
    this.split(this.root, false);
    const l = this.splitLeft;
    this.split(this.splitRight, true);
    const r = this.splitRight;
    // Keys are distinct (the owner is part of them): the middle is n alone.
    this.root = this.merge(this.merge(l, this.merge(this.left[n], this.right[n])), r);
    this.unindex(n);
    this.big.delete(n);
    this.free.push(n);
    return true;
  }

  /** How many keys sort before `key`. */
  countBefore(key: RankKey): number {
    this.setProbe(key);
    let n = this.root;
    let count = 0;
    while (n !== NIL) {
      if (this.compare(n) < 0) {
        count += this.sizes[this.left[n]] + 1;
        n = this.right[n];
      } else {
        n = this.left[n];
      }
    }
    return count;
  }

  /** The key at a 0-based position, or undefined past the end. */
  at(index: number): RankKey | undefined {
    let n = this.root;
    let i = index;
    while (n !== NIL) {
      const l = this.sizes[this.left[n]];
      if (i < l) n = this.left[n];
      else if (i === l) return this.keyAt(n);
      else {
        i -= l + 1;
        n = this.right[n];
      }
    }
    return undefined;
  }

  private keyAt(n: number): RankKey {
    const big = this.big.get(n);
    const value = (f: number, b: bigint | undefined): RankScore => b ?? f;
    return {
      score: value(this.score[n], big?.score),
      subscore: value(this.sub[n], big?.sub),
      micros: this.micros[n],
      owner: wordsOwner(this.owner, n * 4),
      numScore: this.numScore[n],
    };
  }

  private setProbe(key: RankKey): void {
    ownerWords(key.owner, this.probeOwner, 0);
    this.pScore = Number(key.score);
    this.pScoreBig = typeof key.score === 'bigint' ? key.score : undefined;
    this.pSub = Number(key.subscore);
    this.pSubBig = typeof key.subscore === 'bigint' ? key.subscore : undefined;
    this.pMicros = key.micros;
  }

  private probeNode(n: number): void {
    const big = this.big.get(n);
    this.pScore = this.score[n];
    this.pSub = this.sub[n];
    this.pScoreBig = big?.score;
    this.pSubBig = big?.sub;
    this.pMicros = this.micros[n];
    this.probeOwner.set(this.owner.subarray(n * 4, n * 4 + 4));
  }

  /** Negative when node n sorts before the probe, positive after, 0 when it is the probe's key. */
  private compare(n: number): number {
    const big = this.big.size ? this.big.get(n) : undefined;
    let c = compareValue(this.score[n], big?.score, this.pScore, this.pScoreBig);
    if (c !== 0) return this.desc ? -c : c;
    c = compareValue(this.sub[n], big?.sub, this.pSub, this.pSubBig);
    if (c !== 0) return this.desc ? -c : c;
    if (this.micros[n] !== this.pMicros) return this.micros[n] < this.pMicros ? -1 : 1;
    const at = n * 4;
    for (let w = 0; w < 4; w++) {
      const a = this.owner[at + w];
      const b = this.probeOwner[w];
      if (a !== b) return a < b ? -1 : 1;
    }
    return 0;
  }

  /** Splits the subtree n into the keys before the probe (or not after it, when inclusive) and the rest. */
  private split(n: number, inclusive: boolean): void {
    if (n === NIL) {
      this.splitLeft = NIL;
      this.splitRight = NIL;
      return;
    }
    const c = this.compare(n);
    if (c < 0 || (inclusive && c === 0)) {
      this.split(this.right[n], inclusive);
      this.right[n] = this.splitLeft;
      this.sizes[n] = 1 + this.sizes[this.left[n]] + this.sizes[this.right[n]];
      this.splitLeft = n;
    } else {
      this.split(this.left[n], inclusive);
      this.left[n] = this.splitRight;
      this.sizes[n] = 1 + this.sizes[this.left[n]] + this.sizes[this.right[n]];
      this.splitRight = n;
    }
  }

  private merge(a: number, b: number): number {
    if (a === NIL) return b;
    if (b === NIL) return a;
    if (this.prio[a] > this.prio[b]) {
      this.right[a] = this.merge(this.right[a], b);
      this.sizes[a] = 1 + this.sizes[this.left[a]] + this.sizes[this.right[a]];
      return a;
    }
    this.left[b] = this.merge(a, this.left[b]);
    this.sizes[b] = 1 + this.sizes[this.left[b]] + this.sizes[this.right[b]];
    return b;
  }

  private alloc(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.next >= this.cap) this.grow(Math.ceil(this.cap * 1.5));
    return this.next++;
  }

  private grow(cap: number): void {
    const more = <T extends Int32Array | Uint32Array | Float64Array>(old: T, make: (n: number) => T, per = 1): T => {
      const fresh = make(cap * per);
      fresh.set(old);
      return fresh;
    };
    this.left = more(this.left, (n) => new Int32Array(n));
    this.right = more(this.right, (n) => new Int32Array(n));
    this.sizes = more(this.sizes, (n) => new Int32Array(n));
    this.prio = more(this.prio, (n) => new Uint32Array(n));
    this.score = more(this.score, (n) => new Float64Array(n));
    this.sub = more(this.sub, (n) => new Float64Array(n));
    this.micros = more(this.micros, (n) => new Float64Array(n));
    this.numScore = more(this.numScore, (n) => new Float64Array(n));
    this.owner = more(this.owner, (n) => new Uint32Array(n), 4);
    this.cap = cap;
  }

  private hashOf(words: Uint32Array, at: number): number {
    let h = Math.imul(words[at] ^ 0x9e3779b9, 0x85ebca6b);
    h = Math.imul(h ^ words[at + 1] ^ (h >>> 13), 0xc2b2ae35);
    h = Math.imul(h ^ words[at + 2] ^ (h >>> 16), 0x85ebca6b);
    return (h ^ words[at + 3] ^ (h >>> 13)) >>> 0;
  }

  /** The node of an owner, or NIL. */
  private find(owner: string): number {
    ownerWords(owner, this.probeOwner, 0);
    const mask = this.slots.length - 1;
    for (let i = this.hashOf(this.probeOwner, 0) & mask; ; i = (i + 1) & mask) {
      const n = this.slots[i];
      if (n === EMPTY) return NIL;
      if (n !== GONE && this.sameOwner(n)) return n;
    }
  }

  private sameOwner(n: number): boolean {
    const at = n * 4;
    return this.owner[at] === this.probeOwner[0] && this.owner[at + 1] === this.probeOwner[1]
      && this.owner[at + 2] === this.probeOwner[2] && this.owner[at + 3] === this.probeOwner[3];
  }

  private index(n: number): void {
    // Kept at most half full, removed entries counted, so a probe always ends at an empty slot.
    if ((this.used + 1) * 2 > this.slots.length) this.rehash();
    const mask = this.slots.length - 1;
    let i = this.hashOf(this.owner, n * 4) & mask;
    while (this.slots[i] !== EMPTY) i = (i + 1) & mask;
    this.slots[i] = n;
    this.used++;
  }

  private unindex(n: number): void {
    const mask = this.slots.length - 1;
    let i = this.hashOf(this.owner, n * 4) & mask;
    while (this.slots[i] !== n) i = (i + 1) & mask;
    this.slots[i] = GONE;
  }

  private rehash(): void {
    const live = this.size + 1;
    let length = 16;
    while (length < live * 4) length *= 2;
    const old = this.slots;
    this.slots = new Int32Array(length);
    this.used = 0;
    const mask = length - 1;
    for (const n of old) {
      if (n === EMPTY || n === GONE) continue;
      let i = this.hashOf(this.owner, n * 4) & mask;
      while (this.slots[i] !== EMPTY) i = (i + 1) & mask;
      this.slots[i] = n;
      this.used++;
    }
  }
}
