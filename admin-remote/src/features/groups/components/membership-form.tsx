/**
 * One membership period: from (a day), and to (a day) or 'Still a member'. The add form puts the
 * creator chooser before it; a row's edit changes the days only.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { MembershipPeriod } from '@friends/shared';
import { errorText } from './error-text';
import { FormFooter } from './form-footer';

interface MembershipFormProps {
  initial?: MembershipPeriod;
  label: string;
  submitLabel: string;
  /** Shown first (the add form's creator chooser). */
  creator?: ReactNode;
  /** False while something the form needs besides the days (the creator) is missing. */
  ready?: boolean;
  onSubmit: (period: MembershipPeriod) => Promise<unknown>;
  onCancel?: () => void;
}

export function MembershipForm({
  initial,
  label,
  submitLabel,
  creator,
  ready = true,
  onSubmit,
  onCancel,
}: MembershipFormProps) {
  const id = useId();
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  const [current, setCurrent] = useState(initial ? initial.to === null : true);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit({ from, to: current ? null : to });
      setError('');
      if (!initial) {
        setFrom('');
        setTo('');
        setCurrent(true);
      }
    } catch (caught) {
      setError(errorText(caught, 'Could not save the membership'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-groups__form" aria-label={label} onSubmit={(event) => void submit(event)}>
      {creator}
      <div className="admin-groups__dates">
        <div className="admin-field">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            required
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="date"
            value={current ? '' : to}
            disabled={current}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        <label className="admin-check">
          <input type="checkbox" checked={current} onChange={(event) => setCurrent(event.target.checked)} />
          <span>Still a member</span>
        </label>
      </div>
      <FormFooter
        submitLabel={submitLabel}
        disabled={!ready || !from || (!current && !to) || busy}
        onCancel={onCancel}
        error={error}
      />
    </form>
  );
}
