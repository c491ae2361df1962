/**
 * The store behind the caches a change can drop per user (db/invalidated-cache.ts):
 * entries by key, each belonging to an owner, so every entry of one owner goes at once; at most `maxEntries`, the
 * oldest leaving first. Entries iterate oldest first: set() stores a key anew at the end.
 */
export class OwnedEntries<V> {
  private readonly entries = new Map<string, { value: V; owner: string }>();
  private readonly keysOfOwner = new Map<string, Set<string>>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }

  set(key: string, owner: string, value: V): void {
    this.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    this.entries.set(key, { value, owner });
    let keys = this.keysOfOwner.get(owner);
    if (!keys) {
      keys = new Set();
      this.keysOfOwner.set(owner, keys);
    }
    keys.add(key);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysOfOwner.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOfOwner.delete(entry.owner);
  }

  deleteOwner(owner: string): void {
    for (const key of this.keysOfOwner.get(owner) ?? []) this.entries.delete(key);
    this.keysOfOwner.delete(owner);
  }

  clear(): void {
    this.entries.clear();
    this.keysOfOwner.clear();
  }

  /** Key and value of every entry, oldest first; deleting the entry at hand while iterating is safe. */
  *oldestFirst(): IterableIterator<[string, V]> {
    for (const [key, entry] of this.entries) yield [key, entry.value];
  }
}
