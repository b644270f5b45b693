/**
 * 'Bulk Actions & Cleanup': delete or merge the checked creators, and find duplicate names (the API
 * applies the shared findDuplicateGroups rule: lowercased, trimmed, spaces collapsed, aliases counted)
 * with a merge per group, a page of groups at a time.
 */
import { useState } from 'react';
import { deletedSummary, MESSAGES, type CreatorListItem } from '@friends/shared';
import { getCreatorsByIds } from '../../../api/search-creators';
import { PagedList } from '../../../components/paged-list';
import { Section } from '../../../components/section';
import { useToolSlots } from '../../../components/tool-slots';
import { reportError } from '../../../lib/report-error';
import { useBulkDeleteCreators } from '../api/bulk-delete-creators';
import { useDuplicateGroups } from '../api/get-duplicates';
import { useCreatorActions, type Named } from '../hooks/use-creator-actions';
import { BackupLinks } from './backup-links';

/** A checked creator; the name is missing for those Select All added before their page loaded. */
export type Checked = Pick<Named, 'id'> & Partial<Pick<Named, 'name'>>;

interface BulkActionsPanelProps {
  /** Checked creators in the order they were checked. */
  selected: readonly Checked[];
  onSelectionDone: (removedIds: readonly number[]) => void;
  onClearSelection: () => void;
}

/** The checked creators with their names, those Select All added unnamed read by id (gone ones dropped). */
async function named(selected: readonly Checked[]): Promise<Named[]> {
  const missing = selected.filter((creator) => creator.name === undefined).map((creator) => creator.id);
  const found = new Map((await getCreatorsByIds(missing)).map((creator) => [creator.id, creator.name]));
  return selected.flatMap((creator) => {
    const name = creator.name ?? found.get(creator.id);
    return name === undefined ? [] : [{ id: creator.id, name }];
  });
}

export function BulkActionsPanel({ selected, onSelectionDone, onClearSelection }: BulkActionsPanelProps) {
  const bulkDelete = useBulkDeleteCreators();
  const { merge, isMerging } = useCreatorActions();
  const [showDuplicates, setShowDuplicates] = useState(false);
  const { creatorBulkTools: BulkTools } = useToolSlots();
  const duplicates = useDuplicateGroups(showDuplicates);

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
    let candidates: Named[];
    try {
      candidates = await named(selected);
    } catch (error) {
      reportError(error, MESSAGES.failedToMerge);
      return;
    }
    if (await merge(candidates)) onSelectionDone(selected.map((creator) => creator.id));
  };

  const renderGroup = (group: CreatorListItem[]) => {
    const label = group.map((creator) => creator.name).join(' / ');
    return (
      <>
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
          onClick={() =>
            void merge(group).then((done) => done && onSelectionDone(group.map((creator) => creator.id)))
          }
          disabled={isMerging}
        >
          Merge group
        </button>
      </>
    );
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
        duplicates.isPending ? (
          <p className="admin-muted">Finding duplicates…</p>
        ) : duplicates.isError ? (
          <p className="admin-muted">Could not find duplicates.</p>
        ) : duplicates.groups.length === 0 ? (
          <p className="admin-muted">No duplicates found</p>
        ) : (
          <PagedList
            items={duplicates.groups}
            getKey={(group) => group.map((creator) => creator.id).join('-')}
            renderItem={renderGroup}
            label="Duplicate groups"
            itemClassName="admin-duplicate"
            total={duplicates.total ?? duplicates.groups.length}
            hasMore={duplicates.hasNextPage}
            loading={duplicates.isFetchingNextPage}
            loadMore={() => void duplicates.fetchNextPage()}
          />
        )
      ) : null}
    </Section>
  );
}
