/**
 * 'All Creators (n)': checkbox, photo, name, social chips, video count, and View / Edit / Delete.
 * The API filters (name or alias) and pages the rows; more load as the end scrolls into view.
 */
import { useState } from 'react';
import { defaultAvatarUrl, type CreatorListItem, type Navigate } from '@friends/shared';
import { CreatorQuickAdd } from '../../../components/creator-quick-add';
import { PagedList } from '../../../components/paged-list';
import { RowActions } from '../../../components/row-actions';
import { FilterBox } from '../../../components/filter-box';
import { Section } from '../../../components/section';
import { SocialChips } from '../../../components/social-chips';
import { useCreatorActions } from '../hooks/use-creator-actions';
import { CreatorEditForm } from './creator-edit-form';

interface CreatorListProps {
  /** The loaded pages of the creators matching `filter`. */
  creators: readonly CreatorListItem[];
  /** All creators, whatever the filter: the heading's n. */
  /** Every creator's count; null until the first page answers, so no false (0) shows. */
  allCount: number | null;
  /** Creators matching the filter, loaded or not. */
  matchCount: number;
  filter: string;
  onFilterChange: (filter: string) => void;
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  selectedIds: ReadonlySet<number>;
  onToggle: (creator: CreatorListItem, checked: boolean) => void;
  /** Every match of the filter is checked (Select All). */
  allChecked: boolean;
  selectingAll: boolean;
  onToggleAll: (checked: boolean) => void;
  onDeleted: (creator: CreatorListItem) => void;
  navigate: Navigate;
}

export function CreatorList({
  creators,
  allCount,
  matchCount,
  filter,
  onFilterChange,
  isLoading,
  isError,
  hasMore,
  isLoadingMore,
  loadMore,
  selectedIds,
  onToggle,
  allChecked,
  selectingAll,
  onToggleAll,
  onDeleted,
  navigate,
}: CreatorListProps) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const { confirmAndDelete } = useCreatorActions();

  const renderCreator = (creator: CreatorListItem) => {
    if (creator.id === editingId)
      return <CreatorEditForm creator={creator} onDone={() => setEditingId(null)} />;
    return (
      <article className="admin-creator" aria-label={creator.name}>
        <input
          type="checkbox"
          className="admin-creator__check"
          aria-label={`Select ${creator.name}`}
          checked={selectedIds.has(creator.id)}
          onChange={(event) => onToggle(creator, event.target.checked)}
        />
        <img
          className="admin-creator__photo"
          src={creator.photo || defaultAvatarUrl(creator.name)}
          alt=""
          width={40}
          height={40}
          loading="lazy"
        />
        <div className="admin-creator__main">
          <h4 className="admin-creator__name">{creator.name}</h4>
          <SocialChips links={creator.socialLinks} />
        </div>
        <span className="admin-creator__count">
          {creator.videoCount} {creator.videoCount === 1 ? 'video' : 'videos'}
        </span>
        <RowActions
          name={creator.name}
          onHistory={() => navigate('history', { creatorId: creator.id })}
          onEdit={() => setEditingId(creator.id)}
          onDelete={() => void confirmAndDelete(creator).then((done) => done && onDeleted(creator))}
        >
          <button
            type="button"
            className="admin-button"
            onClick={() => navigate('author-page', { creatorId: creator.id })}
          >
            View
          </button>
        </RowActions>
      </article>
    );
  };

  return (
    <Section title={`All Creators (${allCount ?? '…'})`} className="admin-all-creators">
      <div className="admin-toolbar">
        <CreatorQuickAdd draftKey="creators-quick-add-creator" />
      </div>
      <FilterBox
        label="Filter creators"
        placeholder="Filter by name…"
        value={filter}
        onChange={onFilterChange}
      />
      <div className="admin-toolbar">
        <label className="admin-check">
          <input
            type="checkbox"
            checked={allChecked || selectingAll}
            disabled={matchCount === 0 || selectingAll}
            onChange={(event) => onToggleAll(event.target.checked)}
          />
          <span>Select All</span>
        </label>
        <span className="admin-muted">
          {filter.trim() ? `${matchCount} matching` : null}
          {selectingAll ? ' Selecting…' : null}
        </span>
      </div>
      {isLoading ? (
        <p className="admin-muted">Loading creators…</p>
      ) : isError ? (
        <p className="admin-muted">Could not load creators.</p>
      ) : creators.length === 0 ? (
        <p className="admin-muted">No creators found</p>
      ) : (
        <PagedList
          // A new filter starts at the top of its matches (not where the last one was scrolled to).
          key={filter.trim()}
          items={creators}
          getKey={(creator) => creator.id}
          renderItem={renderCreator}
          label="All creators"
          className="admin-scroll--tall"
          total={matchCount}
          hasMore={hasMore}
          loading={isLoadingMore}
          loadMore={loadMore}
          // An open edit form stays mounted out of view, so what was typed survives scrolling.
          keepMounted={editingId === null ? undefined : [editingId]}
        />
      )}
    </Section>
  );
}
