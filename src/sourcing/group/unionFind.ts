// Disjoint sets with path halving and union by size: the grouping stages add relations one by
// one and ask which group a page ended up in.

export class UnionFind {
  private readonly parent: number[];
  private readonly size: number[];

  constructor(count: number) {
    this.parent = Array.from({ length: count }, (_, i) => i);
    this.size = Array.from({ length: count }, () => 1);
  }

  find(i: number): number {
    let x = i;
    while (this.parent[x] !== x) {
      const grand = this.parent[this.parent[x] as number] as number;
      this.parent[x] = grand;
      x = grand;
    }
    return x;
  }

  /** Joins the sets of a and b; true when they were apart. */
  union(a: number, b: number): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return false;
    if ((this.size[ra] as number) < (this.size[rb] as number)) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra] = (this.size[ra] as number) + (this.size[rb] as number);
    return true;
  }

  /** How many members the set of i has. */
  sizeOf(i: number): number {
    return this.size[this.find(i)] as number;
  }

  /** Members of each set, keyed by its root. */
  groups(): Map<number, number[]> {
    const out = new Map<number, number[]>();
    for (let i = 0; i < this.parent.length; i++) {
      const root = this.find(i);
      const members = out.get(root);
      if (members) members.push(i);
      else out.set(root, [i]);
    }
    return out;
  }
}
