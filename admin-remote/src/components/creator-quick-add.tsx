/**
 * The quick-add creator box (docs/product.md §2 authors): opened by the 'Add new creator' link and closed by
 * Cancel. The add-video form uses it so a missing creator can be added without leaving the form;
 * `onCreated` hands the new creator back (the video form selects it).
 */
import { useState, type FormEvent } from 'react';
import type { Creator } from '@friends/shared';
import { useAddCreator } from '../hooks/use-add-creator';
import { useSessionDraft } from '../lib/session-draft';
import { CreatorFields, EMPTY_CREATOR_DRAFT } from './creator-fields';

export function CreatorQuickAdd({
  onCreated,
  draftKey = 'quick-add-creator',
}: {
  onCreated?: (creator: Creator) => void;
  /** sessionStorage key of the open box's draft, distinct per place the box is used. */
  draftKey?: string;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft, resetDraft] = useSessionDraft(draftKey, EMPTY_CREATOR_DRAFT);
  const { addCreator, isPending } = useAddCreator();
  // A kept draft reopens the box, so text typed before a 401 is still there after logging in.
  const hasDraft = JSON.stringify(draft) !== JSON.stringify(EMPTY_CREATOR_DRAFT);
  const isOpen = open || hasDraft;

  const close = () => {
    resetDraft();
    setOpen(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await addCreator(draft);
    if (result.status === 'created') {
      onCreated?.(result.creator);
      close();
    } else if (result.status === 'duplicate') {
      resetDraft();
    }
  };

  if (!isOpen) {
    return (
      <button type="button" className="admin-link-button" onClick={() => setOpen(true)}>
        Add new creator
      </button>
    );
  }

  return (
    <form className="admin-quick-add" aria-label="Quick add creator" onSubmit={submit} noValidate>
      <CreatorFields draft={draft} onChange={setDraft} autoFocus multipleLinks={false} />
      <div className="admin-actions">
        <button
          type="submit"
          className="admin-button admin-button--primary"
          disabled={!draft.name.trim() || isPending}
        >
          {isPending ? 'Adding…' : 'Add Creator'}
        </button>
        <button type="button" className="admin-button" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
