/**
 * 'Bulk Actions & Cleanup': delete or merge the checked creators, and find duplicate names (shared
 * findDuplicateGroups: lowercased, trimmed, spaces collapsed, aliases counted) with a merge per group.
 */
import { useMemo, useState } from 'react';
import { deletedSummary, MESSAGES, findDuplicateGroups, type CreatorListItem } from '@friends/shared';
import { Section } from '../../../components/section';
import { useToolSlots } from '../../../components/tool-slots';
import { useBulkDeleteCreators } from '../api/bulk-delete-creators';
import { useCreatorActions } from '../hooks/use-creator-actions';
import { BackupLinks } from './backup-links';

interface BulkActionsPanelProps {
  creators: readonly CreatorListItem[];
  /** Checked creators in the order they were checked. */
  selected: readonly CreatorListItem[];
  onSelectionDone: (removedIds: readonly number[]) => void;
  onClearSelection: () => void;
}

export function BulkActionsPanel({
  creators,
  selected,
  onSelectionDone,
  onClearSelection,
}: BulkActionsPanelProps) {
  const bulkDelete = useBulkDeleteCreators();
  const { merge, isMerging } = useCreatorActions();
  const [showDuplicates, setShowDuplicates] = useState(false);
  const { creatorBulkTools: BulkTools } = useToolSlots();
  const groups = useMemo(
    () => (showDuplicates ? findDuplicateGroups([...creators]) : []),
    [creators, showDuplicates],
  );

  const deleteSelected = async () => {
    if (selected.length === 0) {
      window.alert(MESSAGES.selectCreatorToDelete);
      return;
    }
    if (
      !window.confirm(
        `Are you sure you want to delete ${selected.length} creator(s)? They will be removed from every video.`,
      )
    ) {
      return;
    }
    const { succeeded, failed } = await bulkDelete.mutateAsync(selected.map((creator) => creator.id));
    onSelectionDone(succeeded);
    window.alert(deletedSummary('creator', succeeded.length, failed.length));
  };

  const mergeSelected = async () => {
    if (await merge(selected)) onSelectionDone(selected.map((creator) => creator.id));
  };

  return (
    <Section title="Bulk Actions & Cleanup" className="admin-bulk-creators">
      <div className="admin-toolbar">
        <span className="admin-muted" aria-live="polite">
          {selected.length} selected
        </span>
        <button
          type="button"
          className="admin-button"
          onClick={onClearSelection}
          disabled={selected.length === 0}
        >
          Clear selection
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => void deleteSelected()}
          disabled={bulkDelete.isPending}
        >
          {bulkDelete.isPending ? 'Deleting…' : `Delete Selected (${selected.length})`}
        </button>
        {BulkTools ? <BulkTools /> : null}
        <button
          type="button"
          className="admin-button"
          onClick={() => void mergeSelected()}
          disabled={isMerging}
        >
          Merge Selected ({selected.length})
        </button>
        <button
          type="button"
          className="admin-button"
          aria-expanded={showDuplicates}
          onClick={() => setShowDuplicates((shown) => !shown)}
        >
          {showDuplicates ? 'Hide Duplicates' : 'Find Duplicates'}
        </button>
        <BackupLinks />
      </div>
      {showDuplicates ? (
        groups.length === 0 ? (
          <p className="admin-muted">No duplicates found</p>
        ) : (
          <div className="admin-scroll">
            <ul className="admin-list" aria-label="Duplicate groups">
              {groups.map((group) => {
                const label = group.map((creator) => creator.name).join(' / ');
                return (
                  <li key={group.map((creator) => creator.id).join('-')} className="admin-duplicate">
                    <span>
                      {group.map((creator, index) => (
                        <span key={creator.id}>
                          {index > 0 ? ', ' : null}
                          <strong>{creator.name}</strong>{' '}
                          <span className="admin-muted">({creator.videoCount} videos)</span>
                        </span>
                      ))}
                    </span>
                    <button
                      type="button"
                      className="admin-button"
                      aria-label={`Merge group ${label}`}
                      onClick={() => void merge(group)}
                      disabled={isMerging}
                    >
                      Merge group
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        )
      ) : null}
    </Section>
  );
}
