/** 'Manage Creators' (docs/product.md §2 authors): add form, bulk panel and the list share one selection. */
import { useMemo, useState } from 'react';
import type { CreatorListItem, RemoteViewProps } from '@friends/shared';
import { useCreators } from '../../../api/get-creators';
import { AddCreatorForm } from './add-creator-form';
import { BulkActionsPanel } from './bulk-actions-panel';
import { CreatorList } from './creator-list';
import './creators.css';

export function ManageCreators({ navigate }: RemoteViewProps) {
  const creators = useCreators();
  const all = useMemo(() => creators.data ?? [], [creators.data]);
  // Checked ids in the order they were checked: the merge prompt numbers them that way.
  const [checkedIds, setCheckedIds] = useState<readonly number[]>([]);

  const byId = useMemo(() => new Map(all.map((creator) => [creator.id, creator])), [all]);
  // Creators deleted or merged away meanwhile drop out of the selection.
  const selected = useMemo(
    () =>
      checkedIds.map((id) => byId.get(id)).filter((creator): creator is CreatorListItem => Boolean(creator)),
    [checkedIds, byId],
  );
  const selectedIds = useMemo(() => new Set(selected.map((creator) => creator.id)), [selected]);

  const toggle = (creator: CreatorListItem, checked: boolean) =>
    setCheckedIds((ids) =>
      checked
        ? [...ids.filter((id) => id !== creator.id), creator.id]
        : ids.filter((id) => id !== creator.id),
    );

  return (
    <div className="admin-view admin-creators">
      <h2 className="admin-view__title">Manage Creators</h2>
      <AddCreatorForm />
      <BulkActionsPanel
        creators={all}
        selected={selected}
        onSelectionDone={(removed) => setCheckedIds((ids) => ids.filter((id) => !removed.includes(id)))}
        onClearSelection={() => setCheckedIds([])}
      />
      <CreatorList
        creators={all}
        isLoading={creators.isPending}
        isError={creators.isError}
        selectedIds={selectedIds}
        onToggle={toggle}
        navigate={navigate}
      />
    </div>
  );
}
