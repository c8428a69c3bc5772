import { grown } from './grown-array.js';

/**
 * The subreddit and author names keyword filters use, lower-cased, as small positive ids, so a
 * filter holds a few integers and an item's names are looked up once, not once per keyword.
 * A name is dropped with its last user; its id is then reused.
 */
export class NameTable {
  private readonly ids = new Map<string, number>();
  /** By id: how many times filters hold the name. */
  private users = new Int32Array(64);
  private nextId = 1;
  private readonly freeIds: number[] = [];

  /** The name's id, 0 when no filter uses it. */
  idOf(name: string): number {
    return this.ids.get(name) ?? 0;
  }

  acquire(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.freeIds.pop() ?? this.nextId++;
      this.ids.set(name, id);
      this.users = grown(this.users, id + 1);
    }
    this.users[id]++;
    return id;
  }

  release(name: string): void {
    const id = this.ids.get(name) as number;
    this.users[id]--;
    if (this.users[id] > 0) return;
    this.ids.delete(name);
    this.freeIds.push(id);
  }
}
