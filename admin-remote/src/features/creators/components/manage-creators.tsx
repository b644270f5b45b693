/**
 * 'Manage Creators' (docs/product.md §2 authors): add form, bulk panel and the list share one selection.
 * The list is filtered and paged by the API; Select All takes the id of every match from it, loaded or
 * not, so a bulk action covers them all.
 */
import { useDeferredValue, useState } from 'react';
import type { RemoteViewProps } from '@friends/shared';
import { creatorFilterText, getCreatorIds, useCreatorPages } from '../../../api/search-creators';
import { reportError } from '../../../lib/report-error';
import type { Named } from '../hooks/use-creator-actions';
import { AddCreatorForm } from './add-creator-form';
import { BulkActionsPanel, type Checked } from './bulk-actions-panel';
import { CreatorList } from './creator-list';
import './creators.css';

export function ManageCreators({ navigate }: RemoteViewProps) {
  const [filter, setFilter] = useState('');
  const text = creatorFilterText(useDeferredValue(filter));
  const everyone = useCreatorPages('');
  const shown = useCreatorPages(text);
  // Checked creators in the order they were checked: the merge prompt numbers them that way.
  const [checked, setChecked] = useState<readonly Checked[]>([]);
  // The filter Select All was applied to and the ids it added (its checkbox shows while they stay).
  const [selectAll, setSelectAll] = useState<{ text: string; ids: readonly number[] } | null>(null);
  const [selectingAll, setSelectingAll] = useState(false);

  const checkedIds = new Set(checked.map((creator) => creator.id));
  const drop = (ids: readonly number[]) => {
    const gone = new Set(ids);
    setChecked((list) => list.filter((creator) => !gone.has(creator.id)));
  };

  const toggle = (creator: Named, on: boolean) =>
    setChecked((list) => {
      const rest = list.filter((item) => item.id !== creator.id);
      return on ? [...rest, { id: creator.id, name: creator.name }] : rest;
    });

  const allChecked =
    selectAll !== null &&
    selectAll.text === text &&
    selectAll.ids.length > 0 &&
    selectAll.ids.every((id) => checkedIds.has(id));

  const toggleAll = async (on: boolean) => {
    if (!on) {
      drop(selectAll?.ids ?? []);
      setSelectAll(null);
      return;
    }
    setSelectingAll(true);
    try {
      const { ids } = await getCreatorIds(text);
      const names = new Map(shown.creators.map((creator) => [creator.id, creator.name]));
      setChecked((list) => {
        const have = new Set(list.map((creator) => creator.id));
        return [...list, ...ids.filter((id) => !have.has(id)).map((id) => ({ id, name: names.get(id) }))];
      });
      setSelectAll({ text, ids });
    } catch (error) {
      reportError(error, 'Could not select all creators');
    } finally {
      setSelectingAll(false);
    }
  };

  return (
    <div className="admin-view admin-creators">
      <h2 className="admin-view__title">Manage Creators</h2>
      <AddCreatorForm />
      <BulkActionsPanel
        selected={checked}
        onSelectionDone={drop}
        onClearSelection={() => {
          setChecked([]);
          setSelectAll(null);
        }}
      />
      <CreatorList
        creators={shown.creators}
        allCount={everyone.total ?? null}
        matchCount={shown.total ?? 0}
        filter={filter}
        onFilterChange={setFilter}
        isLoading={shown.isPending}
        isError={shown.isError}
        hasMore={shown.hasNextPage}
        isLoadingMore={shown.isFetchingNextPage}
        loadMore={() => void shown.fetchNextPage()}
        selectedIds={checkedIds}
        onToggle={toggle}
        allChecked={allChecked}
        selectingAll={selectingAll}
        onToggleAll={(on) => void toggleAll(on)}
        onDeleted={(creator) => drop([creator.id])}
        navigate={navigate}
      />
    </div>
  );
}
