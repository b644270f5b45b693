/**
 * The admin extras of the public search view (docs/product.md §2 search, 'Admin extras'), as a render prop:
 * the host renders the public SearchView inside and places `toolbar` above the results and
 * `cardExtras(creator)` in each card. Merge mode keeps its own selection; Edit turns the card's extras
 * into the same inline form Manage Creators uses; Delete confirms. Clicks and key presses inside the
 * extras stop propagating, so the card does not open the creator page.
 */
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import type { CreatorListItem, RemoteViewProps } from '@friends/shared';
import '../../../components/admin.css';
import { useCreatorActions } from '../hooks/use-creator-actions';
import { CreatorEditForm } from './creator-edit-form';
import './creators.css';

export interface SearchAdminSlots {
  toolbar: ReactNode;
  cardExtras: (creator: CreatorListItem) => ReactNode;
}

export interface SearchAdminExtrasProps extends RemoteViewProps {
  children: (slots: SearchAdminSlots) => ReactNode;
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

export function SearchAdminExtras({ children, isAdmin }: SearchAdminExtrasProps) {
  const [mergeMode, setMergeMode] = useState(false);
  // Checked creators in the order they were checked (the merge prompt numbers them that way).
  const [selected, setSelected] = useState<readonly CreatorListItem[]>([]);
  const [editingId, setEditingId] = useState<number | null>(null);
  const { confirmAndDelete, merge, isMerging } = useCreatorActions();

  if (!isAdmin) return <>{children({ toolbar: null, cardExtras: () => null })}</>;

  const toggleMergeMode = () => {
    setMergeMode((on) => !on);
    setSelected([]);
  };

  const toggle = (creator: CreatorListItem, checked: boolean) =>
    setSelected((list) => {
      const rest = list.filter((item) => item.id !== creator.id);
      return checked ? [...rest, creator] : rest;
    });

  const mergeSelected = async () => {
    if (await merge(selected)) {
      setSelected([]);
      setMergeMode(false);
    }
  };

  const remove = async (creator: CreatorListItem) => {
    if (await confirmAndDelete(creator)) setSelected((list) => list.filter((item) => item.id !== creator.id));
  };

  const toolbar = (
    <div className="admin-search-extras admin-search-toolbar" role="toolbar" aria-label="Admin tools">
      <button
        type="button"
        className={`admin-button${mergeMode ? ' admin-button--active' : ''}`}
        aria-pressed={mergeMode}
        onClick={toggleMergeMode}
      >
        {mergeMode ? `${selected.length} Selected` : 'Merge Mode'}
      </button>
      {mergeMode ? (
        <button
          type="button"
          className="admin-button admin-button--primary"
          onClick={() => void mergeSelected()}
          disabled={isMerging}
        >
          Merge Selected
        </button>
      ) : null}
    </div>
  );

  const cardExtras = (creator: CreatorListItem) => (
    // Not an interactive control itself: it only keeps clicks and keys inside from reaching the card.
    <div className="admin-search-extras admin-card-extras" onClick={stop} onKeyDown={stop}>
      {editingId === creator.id ? (
        <CreatorEditForm creator={creator} onDone={() => setEditingId(null)} />
      ) : (
        <>
          {mergeMode ? (
            <label className="admin-check">
              <input
                type="checkbox"
                aria-label={creator.name}
                checked={selected.some((item) => item.id === creator.id)}
                onChange={(event) => toggle(creator, event.target.checked)}
              />
              <span aria-hidden="true">Merge</span>
            </label>
          ) : null}
          <button
            type="button"
            className="admin-button"
            aria-label={`Edit ${creator.name}`}
            onClick={() => setEditingId(creator.id)}
          >
            Edit
          </button>
          <button
            type="button"
            className="admin-button admin-button--danger"
            aria-label={`Delete ${creator.name}`}
            onClick={() => void remove(creator)}
          >
            Delete
          </button>
        </>
      )}
    </div>
  );

  return <>{children({ toolbar, cardExtras })}</>;
}
