import { grown } from './grown-array.js';

/**
 * The subreddit and author names keyword filters and queries use, lower-cased, as small positive
 * ids, so a filter holds a few integers and an item's names are looked up once, not once per
 * keyword; and the separators of query phrases (`-` of `"wi-fi"`), so a program holds an id and
 * reads a string most programs share, which stays in cache. A name is dropped with its last user;
 * its id is then reused.
 */
export class NameTable {
  private readonly ids = new Map<string, number>();
  /** By id: the name. */
  private readonly names: string[] = [''];
  /** By id: how many times filters hold the name. */
  private users = new Int32Array(64);
  private nextId = 1;
  private readonly freeIds: number[] = [];

  /** The name's id, 0 when no filter uses it. */
  idOf(name: string): number {
    return this.ids.get(name) ?? 0;
  }

  /** The name of an id held by some user. */
  nameOf(id: number): string {
    return this.names[id];
  }

  acquire(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.freeIds.pop() ?? this.nextId++;
      this.ids.set(name, id);
      this.names[id] = name;
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
    this.names[id] = '';
    this.freeIds.push(id);
  }
}
