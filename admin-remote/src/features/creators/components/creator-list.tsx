/**
 * 'All Creators (n)': checkbox, photo, name, social chips, video count, and View / Edit / Delete.
 * Ten thousand rows render a page at a time inside a bounded scroll area; a filter narrows them.
 */
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { defaultAvatarUrl, normalizeName, type CreatorListItem, type Navigate } from '@friends/shared';
import { CreatorQuickAdd } from '../../../components/creator-quick-add';
import { IncrementalList } from '../../../components/incremental-list';
import { Section } from '../../../components/section';
import { SocialChips } from '../../../components/social-chips';
import { useCreatorActions } from '../hooks/use-creator-actions';
import { CreatorEditForm } from './creator-edit-form';

interface CreatorListProps {
  creators: readonly CreatorListItem[];
  isLoading: boolean;
  isError: boolean;
  selectedIds: ReadonlySet<number>;
  onToggle: (creator: CreatorListItem, checked: boolean) => void;
  navigate: Navigate;
}

export function CreatorList({
  creators,
  isLoading,
  isError,
  selectedIds,
  onToggle,
  navigate,
}: CreatorListProps) {
  const id = useId();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const { confirmAndDelete } = useCreatorActions();

  // Normalised once per list, not per keystroke.
  const searchable = useMemo(
    () =>
      creators.map((creator) => ({
        creator,
        text: [creator.name, ...creator.aliases].map(normalizeName).join('\n'),
      })),
    [creators],
  );
  const shown = useMemo(() => {
    const term = normalizeName(deferredFilter);
    if (!term) return creators;
    return searchable.filter((entry) => entry.text.includes(term)).map((entry) => entry.creator);
  }, [creators, searchable, deferredFilter]);

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
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button"
            onClick={() => navigate('author-page', { creatorId: creator.id })}
          >
            View
          </button>
          <button
            type="button"
            className="admin-button"
            aria-label={`History of ${creator.name}`}
            onClick={() => navigate('history', { creatorId: creator.id })}
          >
            History
          </button>
          <button type="button" className="admin-button" onClick={() => setEditingId(creator.id)}>
            Edit
          </button>
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={() => void confirmAndDelete(creator)}
          >
            Delete
          </button>
        </div>
      </article>
    );
  };

  return (
    <Section title={`All Creators (${creators.length})`} className="admin-all-creators">
      <div className="admin-toolbar">
        <CreatorQuickAdd draftKey="creators-quick-add-creator" />
      </div>
      <label className="admin-visually-hidden" htmlFor={`${id}-filter`}>
        Filter creators
      </label>
      <input
        id={`${id}-filter`}
        type="search"
        className="admin-filter"
        placeholder="Filter by name…"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {isLoading ? (
        <p className="admin-muted">Loading creators…</p>
      ) : isError ? (
        <p className="admin-muted">Could not load creators.</p>
      ) : shown.length === 0 ? (
        <p className="admin-muted">No creators found</p>
      ) : (
        <IncrementalList
          items={shown}
          getKey={(creator) => creator.id}
          renderItem={renderCreator}
          label="All creators"
          className="admin-scroll--tall"
          keepMounted={editingId === null ? undefined : [editingId]}
        />
      )}
    </Section>
  );
}
