/** A group's name and kind: the 'Add Group' form and a row's inline edit. */
import { useId, useState, type FormEvent } from 'react';
import {
  GROUP_KIND_LABELS,
  GROUP_KINDS,
  GROUP_LIMITS,
  type GroupInput,
  type GroupKind,
} from '@friends/shared';
import { errorText } from './error-text';
import { FormFooter } from './form-footer';

interface GroupFormProps {
  initial?: GroupInput;
  submitLabel: string;
  /** Resolves when saved; a rejection shows the server's reason under the form. */
  onSubmit: (input: GroupInput) => Promise<unknown>;
  onCancel?: () => void;
  /** Names the form for assistive technology ('Add group', 'Edit Aurora Live'). */
  label: string;
}

export function GroupForm({ initial, submitLabel, onSubmit, onCancel, label }: GroupFormProps) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [kind, setKind] = useState<GroupKind>(initial?.kind ?? 'group');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit({ name: name.trim(), kind });
      setError('');
      if (!initial) setName('');
    } catch (caught) {
      setError(errorText(caught, 'Could not save the group'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-groups__form" aria-label={label} onSubmit={(event) => void submit(event)}>
      <div className="admin-field">
        <label htmlFor={`${id}-name`}>Group name</label>
        <input
          id={`${id}-name`}
          type="text"
          value={name}
          maxLength={GROUP_LIMITS.name}
          placeholder="e.g. Aurora Live"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-kind`}>Kind</label>
        <select
          id={`${id}-kind`}
          className="admin-filter"
          value={kind}
          onChange={(event) => setKind(event.target.value as GroupKind)}
        >
          {GROUP_KINDS.map((option) => (
            <option key={option} value={option}>
              {GROUP_KIND_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      <FormFooter
        submitLabel={submitLabel}
        disabled={!name.trim() || busy}
        onCancel={onCancel}
        error={error}
      />
    </form>
  );
}
