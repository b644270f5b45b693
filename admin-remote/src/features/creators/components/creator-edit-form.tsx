/**
 * Inline edit of one creator (docs/product.md §4, §5 'Edit creator'), used in Manage Creators and on the
 * public search cards: the name must be non-blank or nothing is saved, blank links are dropped, the
 * platform is read-only, and a link can be removed only while there is more than one.
 */
import { useState, type FormEvent } from 'react';
import { MESSAGES, type Creator } from '@friends/shared';
import { CreatorFields, creatorInputFromDraft, draftFromCreator } from '../../../components/creator-fields';
import { ChannelWarning, warningsText } from '../../../components/channel-warning';
import { InlineEditForm } from '../../../components/inline-edit-form';
import { reportError } from '../../../lib/report-error';
import { useUpdateCreator } from '../api/update-creator';

export function CreatorEditForm({ creator, onDone }: { creator: Creator; onDone: () => void }) {
  const [draft, setDraft] = useState(() => draftFromCreator(creator));
  const update = useUpdateCreator();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const input = creatorInputFromDraft(draft);
    if (!input.name) return;
    try {
      const saved = await update.mutateAsync({ id: creator.id, ...input });
      onDone();
      // The form closes: a channel another creator also has is said once more, after the save.
      const warning = warningsText(saved.warnings);
      if (warning) window.alert(`Saved "${saved.name}". ${warning}`);
    } catch (error) {
      reportError(error, MESSAGES.errorUpdatingCreator, { reasonFor: [400, 404, 409] });
    }
  };

  return (
    <InlineEditForm
      label={`Edit creator ${creator.name}`}
      onSubmit={save}
      saving={update.isPending}
      onCancel={onDone}
    >
      <CreatorFields draft={draft} onChange={setDraft} autoFocus />
      <ChannelWarning url={draft.links[0]?.url ?? ''} exclude={creator.id} />
    </InlineEditForm>
  );
}
