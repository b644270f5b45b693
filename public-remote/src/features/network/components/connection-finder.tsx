/**
 * 'Degrees of separation': pick two creators, the API finds the shortest chain of
 * collaborations between them (a bounded search), shown as chips that open each creator, with the
 * pair page of each link between them.
 */
import { Fragment, useDeferredValue, useId, useState, type FormEvent } from 'react';
import { NETWORK_LIMITS } from '@friends/shared';
import { PairLink } from '../../../components/pair-link';
import { Spinner } from '../../../components/spinner';
import { findCreatorByName, useCreatorSuggestions } from '../api/find-creators';
import { usePath } from '../api/get-path';

/** Suggestions offered under each field at most. */
const SUGGESTIONS = 20;

interface ConnectionFinderProps {
  onOpenCreator: (id: number) => void;
  onOpenPair: (a: number, b: number) => void;
}

function CreatorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const options = useCreatorSuggestions(useDeferredValue(value), SUGGESTIONS).data ?? [];
  return (
    <div className="pr-finder__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="pr-input"
        list={`${id}-list`}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={`${id}-list`}>
        {options.map((creator) => (
          <option key={creator.id} value={creator.name} />
        ))}
      </datalist>
    </div>
  );
}

export function ConnectionFinder({ onOpenCreator, onOpenPair }: ConnectionFinderProps) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [ends, setEnds] = useState<[number, number] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { data, isFetching, isError } = usePath(ends);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    let found: [number | undefined, number | undefined];
    try {
      const [a, b] = await Promise.all([findCreatorByName(from), findCreatorByName(to)]);
      found = [a?.id, b?.id];
    } catch {
      setEnds(null);
      setProblem('The creators could not be looked up. Please try again later.');
      return;
    }
    const [fromId, toId] = found;
    const missing = fromId === undefined ? from : toId === undefined ? to : null;
    if (missing !== null) {
      setEnds(null);
      setProblem(missing.trim() ? `No creator is called '${missing.trim()}'` : 'Pick two creators');
      return;
    }
    setProblem(null);
    setEnds([fromId as number, toId as number]);
  };

  const path = ends && data && data.from === ends[0] && data.to === ends[1] ? data.path : undefined;
  return (
    <section className="pr-section pr-finder" aria-labelledby="pr-finder-title">
      <h3 id="pr-finder-title" className="pr-section__title">
        Connection Finder
      </h3>
      <form className="pr-finder__form" onSubmit={(event) => void find(event)}>
        <CreatorField label="From creator" value={from} onChange={setFrom} />
        <CreatorField label="To creator" value={to} onChange={setTo} />
        <button type="submit" className="pr-button pr-button--primary">
          Find connection
        </button>
      </form>
      <div aria-live="polite">
        {problem ? (
          <p className="pr-banner pr-banner--error">{problem}</p>
        ) : !ends ? null : isError ? (
          <p className="pr-banner pr-banner--error">
            The connection could not be searched. Please try again later.
          </p>
        ) : isFetching || path === undefined ? (
          <Spinner label="Searching for a connection" />
        ) : path === null ? (
          <p className="pr-empty">No connection found within {NETWORK_LIMITS.pathDepth} collaborations</p>
        ) : (
          <>
            <p className="pr-finder__summary">
              {path.length === 1
                ? 'The same creator'
                : `${path.length - 1} ${path.length === 2 ? 'degree' : 'degrees'} of separation`}
            </p>
            <ol className="pr-finder__chain" aria-label="Chain of collaborations">
              {path.map((step, index) => {
                const previous = path[index - 1];
                return (
                  <Fragment key={step.id}>
                    {previous && (
                      <li>
                        <PairLink
                          a={previous.id}
                          b={step.id}
                          label={`Videos together: ${previous.name} × ${step.name}`}
                          onOpen={() => onOpenPair(previous.id, step.id)}
                        />
                      </li>
                    )}
                    <li>
                      <button
                        type="button"
                        className="pr-chip pr-chip--button"
                        onClick={() => onOpenCreator(step.id)}
                      >
                        {step.name}
                      </button>
                    </li>
                  </Fragment>
                );
              })}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}
