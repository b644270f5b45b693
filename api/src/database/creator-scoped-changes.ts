/** Changes remembered at most; an answer computed before the oldest of them is no longer vouched for. */
const MAX_CHANGES = 512;

interface ScopedChange {
  /** The AggregateCache's change counter when it committed. */
  at: number;
  tables: ReadonlySet<string>;
  creators: ReadonlySet<number>;
}

const overlap = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean => {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const item of small) if (large.has(item)) return true;
  return false;
};

/**
 * This replica's recent writes that named the creators whose rows they changed (CreatorScope), so an
 * answer that shows certain creators only can tell whether one of them changed since it was computed.
 */
export class CreatorScopedChanges {
  private readonly changes: ScopedChange[] = [];
  /** Changes up to this counter have been forgotten. */
  private floor = 0;

  add(at: number, tables: ReadonlySet<string>, creators: ReadonlySet<number>): void {
    this.changes.push({ at, tables, creators });
    if (this.changes.length > MAX_CHANGES) {
      const dropped = this.changes.splice(0, this.changes.length - MAX_CHANGES / 2);
      this.floor = dropped[dropped.length - 1]!.at;
    }
  }

  /**
   * True when a change after counter `since` changed a table of `reads` in a row of one of `shows`, or
   * when the changes since then are no longer all remembered.
   */
  touches(since: number, reads: ReadonlySet<string>, shows: ReadonlySet<number>): boolean {
    if (since < this.floor) return true;
    for (let i = this.changes.length - 1; i >= 0; i--) {
      const change = this.changes[i]!;
      if (change.at <= since) break;
      if (overlap(change.tables, reads) && overlap(change.creators, shows)) return true;
    }
    return false;
  }
}
