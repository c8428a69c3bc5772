/** A set that keeps at most `capacity` values: adding one more forgets the oldest added. */
export class BoundedSet<T> {
  private readonly values = new Set<T>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.values.size;
  }

  has(value: T): boolean {
    return this.values.has(value);
  }

  add(value: T): void {
    this.values.add(value);
    if (this.values.size <= this.capacity) return;
    const oldest = this.values.values().next();
    if (oldest.done !== true) this.values.delete(oldest.value);
  }
}
