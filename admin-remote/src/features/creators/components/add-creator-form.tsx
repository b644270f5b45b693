/** 'Add New Creator' (docs/product.md §5 'Add creator'); the draft survives a trip through the login screen. */
import type { FormEvent } from 'react';
import { CreatorFields, EMPTY_CREATOR_DRAFT } from '../../../components/creator-fields';
import { Section } from '../../../components/section';
import { useAddCreator } from '../../../hooks/use-add-creator';
import { useSessionDraft } from '../../../lib/session-draft';

export function AddCreatorForm() {
  const [draft, setDraft, resetDraft] = useSessionDraft('add-creator', EMPTY_CREATOR_DRAFT);
  const { addCreator, isPending } = useAddCreator();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await addCreator(draft);
    if (result.status === 'created' || result.status === 'duplicate') resetDraft();
  };

  return (
    <Section title="Add New Creator" className="admin-add-creator">
      <form className="admin-form" onSubmit={submit} noValidate aria-label="Add New Creator">
        <CreatorFields draft={draft} onChange={setDraft} />
        <div className="admin-actions">
          <button
            type="submit"
            className="admin-button admin-button--primary"
            disabled={!draft.name.trim() || isPending}
          >
            {isPending ? 'Adding…' : 'Add Creator'}
          </button>
        </div>
      </form>
    </Section>
  );
}
