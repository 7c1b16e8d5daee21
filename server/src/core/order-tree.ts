// An order-statistic tree: a treap whose nodes know their subtree's size, so that insert, remove, the
// rank of a key and the key at a rank each take O(log n) expected steps.

interface TreeNode<K> {
  key: K;
  priority: number;
  size: number;
  left: TreeNode<K> | null;
  right: TreeNode<K> | null;
}

const sizeOf = <K>(n: TreeNode<K> | null): number => (n ? n.size : 0);

function update<K>(n: TreeNode<K>): TreeNode<K> {
  n.size = 1 + sizeOf(n.left) + sizeOf(n.right);
  return n;
}

export class OrderTree<K> {
  private root: TreeNode<K> | null = null;
  private readonly compare: (a: K, b: K) => number;

  constructor(compare: (a: K, b: K) => number) {
    this.compare = compare;
  }

  get size(): number {
    return sizeOf(this.root);
  }

  /** Splits n into the keys before `key` (or not after it, when `inclusive`) and the rest. */
  private split(n: TreeNode<K> | null, key: K, inclusive: boolean): [TreeNode<K> | null, TreeNode<K> | null] {
    if (!n) return [null, null];
    const c = this.compare(n.key, key);
    if (c < 0 || (inclusive && c === 0)) {
      const [l, r] = this.split(n.right, key, inclusive);
      n.right = l;
      return [update(n), r];
    }
    const [l, r] = this.split(n.left, key, inclusive);
    n.left = r;
    return [l, update(n)];
  }

  private merge(a: TreeNode<K> | null, b: TreeNode<K> | null): TreeNode<K> | null {
    if (!a) return b;
    if (!b) return a;
    if (a.priority > b.priority) {
      a.right = this.merge(a.right, b);
      return update(a);
    }
    b.left = this.merge(a, b.left);
    return update(b);
  }

  /** Adds a key; keys are expected to be distinct under compare. */
  insert(key: K): void {
    const node: TreeNode<K> = { key, priority: Math.random(), size: 1, left: null, right: null };
    const [l, r] = this.split(this.root, key, false);
    this.root = this.merge(this.merge(l, node), r);
  }

  /** Removes the key equal to `key` under compare; false when there was none. */
  remove(key: K): boolean {
    const [l, rest] = this.split(this.root, key, false);
    const [mid, r] = this.split(rest, key, true);
    // Equal keys would all be in mid: all but its root go back.
    const kept = mid ? this.merge(mid.left, mid.right) : null;
    this.root = this.merge(this.merge(l, kept), r);
    return mid !== null;
  }

  /** How many keys sort before `key`. */
  countBefore(key: K): number {
    let n = this.root;
    let count = 0;
    while (n) {
      if (this.compare(n.key, key) < 0) {
        count += sizeOf(n.left) + 1;
        n = n.right;
      } else {
        n = n.left;
      }
    }
    return count;
  }

  /** The key at a 0-based position, or undefined past the end. */
  at(index: number): K | undefined {
    let n = this.root;
    let i = index;
    while (n) {
      const l = sizeOf(n.left);
      if (i < l) n = n.left;
      else if (i === l) return n.key;
      else {
        i -= l + 1;
        n = n.right;
      }
    }
    return undefined;
  }
}
