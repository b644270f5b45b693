import type { HistoryKind } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { readScopes, sameRow, type RowSet, type Scope, type TableName } from '../history/row-snapshot';
import type { EntryInput, RowChange } from './history-writer';

/**
 * What a change is, as the service making it describes it. The unit of work (ChangesService.run)
 * reads `scopes` before the work runs, and afterwards records, counts and invalidates from the rows
 * that really changed.
 */
export type ChangeSpec = RecordedChange | UnrecordedChange;

export interface RecordedChange extends EntryInput {
  /** The rows the change may touch that exist already (read, and locked on MySQL, before it starts). */
  scopes?: Scope[];
  history?: undefined;
  /** Everything may have changed (a restore): no rows recorded, every stored count rebuilt. */
  everything?: true;
}

/**
 * Not a change anyone undoes (a visitor's suggestion): no history entry and no rows read, only the
 * tables of `scopes` and of `made` declared as changed.
 */
export interface UnrecordedChange {
  history: false;
  scopes?: Scope[];
  everything?: undefined;
}

/**
 * One change being made, handed to the work of ChangesService.run: its transaction (`manager`) and
 * the ways to tell the unit of work about rows it could not name in advance. Owners' `...Within`
 * methods take it, so that the rows they make are declared where they are made.
 */
export class Change {
  private readonly before: RowSet = new Map();
  private readonly scopes: Scope[] = [];
  private readonly explicit: RowChange[] = [];
  /** `table.column:id` of every scope read so far, so that naming rows twice reads them once. */
  private readonly seen = new Set<string>();
  /** Replaces the spec's summary (when the work learns what it did, e.g. how many rows it deleted). */
  summary: string | undefined;
  /** Replaces the spec's kind (when the work decides which change it was). */
  kind: HistoryKind | undefined;

  constructor(
    readonly manager: EntityManager,
    private readonly recorded: boolean,
  ) {}

  /**
   * More existing rows the change is about to touch, read now (and locked on MySQL). Call it before
   * writing them: their state now is what an undo puts back.
   */
  async touch(...scopes: Scope[]): Promise<void> {
    const fresh = this.remember(scopes);
    if (!this.recorded) return;
    for (const [id, row] of await readScopes(this.manager, fresh)) {
      if (!this.before.has(id)) this.before.set(id, row);
    }
  }

  /** Rows this change made, found by a column whose values were not known before (the new ids). */
  made(...scopes: Scope[]): void {
    this.remember(scopes);
  }

  /** Adds the ids not named before to the scopes read at the end; the new part of each scope. */
  private remember(scopes: readonly Scope[]): Scope[] {
    const fresh: Scope[] = [];
    for (const scope of scopes) {
      const ids = scope.ids.filter((id) => {
        const name = `${scope.table}.${scope.column}:${id}`;
        if (this.seen.has(name)) return false;
        this.seen.add(name);
        return true;
      });
      if (ids.length > 0 || scope.ids.length === 0) fresh.push({ ...scope, ids });
    }
    this.scopes.push(...fresh);
    return fresh;
  }

  /** Row changes the work computed itself: counter rows it moved, or every row of an undo. */
  changed(...changes: RowChange[]): void {
    this.explicit.push(...changes);
  }

  /** The tables the change may have written, before anything is read back (for unrecorded changes). */
  declaredTables(): Set<TableName> {
    return new Set([...this.scopes.map((s) => s.table), ...this.explicit.map((c) => c.table)]);
  }

  /** The creators and videos the scopes name (for counting an unrecorded change). */
  declaredTargets(): { creatorIds: Set<number>; videoIds: Set<number> } {
    const creatorIds = new Set<number>();
    const videoIds = new Set<number>();
    for (const scope of this.scopes) {
      const column = `${scope.table}.${scope.column}`;
      const target =
        column === 'creators.id' ||
        column === 'video_authors.creator_id' ||
        (scope.table !== 'video_authors' && scope.column === 'creator_id')
          ? creatorIds
          : column === 'videos.id' || column === 'video_authors.video_id'
            ? videoIds
            : null;
      for (const id of target ? scope.ids : []) target?.add(id);
    }
    return { creatorIds, videoIds };
  }

  /** Every row that differs from what it was when the change touched it, plus the explicit ones. */
  async rowChanges(): Promise<RowChange[]> {
    const after = await readScopes(this.manager, this.scopes);
    const changes: RowChange[] = [...this.explicit];
    for (const id of new Set([...this.before.keys(), ...after.keys()])) {
      const was = this.before.get(id);
      const now = after.get(id);
      const { table, key } = (was ?? now)!;
      if (!sameRow(was?.row ?? null, now?.row ?? null))
        changes.push({ table, key, before: was?.row ?? null, after: now?.row ?? null });
    }
    return changes;
  }
}
