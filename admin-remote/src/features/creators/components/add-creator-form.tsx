/** 'Add New Creator' (docs/product.md §5 'Add creator'); the draft survives a trip through the login screen. */
import { useState, type FormEvent } from 'react';
import { CreatorFields, EMPTY_CREATOR_DRAFT } from '../../../components/creator-fields';
import { ChannelWarning, warningsText } from '../../../components/channel-warning';
import { Section } from '../../../components/section';
import { useAddCreator } from '../../../hooks/use-add-creator';
import { useSessionDraft } from '../../../lib/session-draft';

export function AddCreatorForm() {
  const [draft, setDraft, resetDraft] = useSessionDraft('add-creator', EMPTY_CREATOR_DRAFT);
  const { addCreator, isPending } = useAddCreator();
  // The last save's warnings stay in view after the form is cleared, until the next edit.
  const [savedWarning, setSavedWarning] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await addCreator(draft);
    if (result.status === 'created' || result.status === 'duplicate') resetDraft();
    const warning = result.status === 'created' ? warningsText(result.creator.warnings) : '';
    setSavedWarning(
      warning && `Added "${result.status === 'created' ? result.creator.name : ''}". ${warning}`,
    );
  };

  return (
    <Section title="Add New Creator" className="admin-add-creator">
      <form className="admin-form" onSubmit={submit} noValidate aria-label="Add New Creator">
        <CreatorFields
          draft={draft}
          onChange={(next) => {
            setSavedWarning('');
            setDraft(next);
          }}
        />
        <ChannelWarning url={draft.links[0]?.url ?? ''} exclude={null} />
        <p className="admin-warning" role="status">
          {savedWarning}
        </p>
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
