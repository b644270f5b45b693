/**
 * 'History': every admin change, newest first, with who made it and an Undo
 * button. An undo that a later change depends on is refused by the API (409 naming that change); the
 * message says which one to undo first. Opened with a creator or video, it lists only that one's changes.
 */
import { useEffect, useRef, useState } from 'react';
import { HISTORY_MESSAGES, formatMoment, type HistoryItem, type RemoteViewProps } from '@friends/shared';
import { isApiClientError } from '@friends/web/api-client';
import { LoadMore } from '../../../components/load-more';
import { Section } from '../../../components/section';
import { useHistory, type HistoryFilter } from '../api/get-history';
import { useHistoryEntry } from '../api/get-history-entry';
import { useUndoChange } from '../api/undo-change';
import './history.css';

/** The rows an entry changed, read when its disclosure is opened. */
function EntryRows({ id }: { id: number }) {
  const [open, setOpen] = useState(false);
  const detail = useHistoryEntry(id, open);
  return (
    <details className="admin-history__rows" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Show what changed</summary>
      {!open ? null : detail.isPending ? (
        <p className="admin-muted">Loading…</p>
      ) : detail.isError ? (
        <p className="admin-muted">Could not load the rows of this change.</p>
      ) : (
        <>
          <ul aria-label={`Rows changed by #${id}`}>
            {detail.data.rows.map((row, index) => (
              <li key={index}>
                <span className="admin-history__change">{row.change}</span> {row.what}
                {row.fields.length > 0 ? (
                  <ul>
                    {row.fields.map((field) => (
                      <li key={field.field}>
                        {field.field}: {field.before ?? '(none)'} → {field.after ?? '(none)'}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          {detail.data.total > detail.data.rows.length ? (
            <p className="admin-muted">and {detail.data.total - detail.data.rows.length} more rows</p>
          ) : null}
        </>
      )}
    </details>
  );
}

interface Outcome {
  id: number;
  ok: boolean;
  text: string;
  help?: string;
}

export function ChangeHistory({ navigate, params }: RemoteViewProps) {
  const filter: HistoryFilter = { creatorId: params.creatorId, videoId: params.videoId };
  const history = useHistory(filter);
  const undo = useUndoChange();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A refused undo is explained beside its entry, and focus moves there so the person sees it.
  const refusal = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome && !outcome.ok) refusal.current?.focus();
  }, [outcome]);

  const run = async (item: HistoryItem) => {
    setOutcome(null);
    try {
      const result = await undo.mutateAsync(item.id);
      setOutcome({
        id: item.id,
        ok: true,
        text: `Undone: ${item.summary} (recorded as #${result.entry.id})`,
      });
    } catch (error) {
      if (isApiClientError(error) && error.status === 401) return; // the host shows the login screen
      const text = isApiClientError(error) && error.serverMessage ? error.serverMessage : 'Could not undo';
      const help =
        isApiClientError(error) && error.status === 409 ? HISTORY_MESSAGES.conflictHelp : undefined;
      setOutcome({ id: item.id, ok: false, text, help });
    }
  };

  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const subject = history.data?.pages[0]?.subject;
  const scope =
    filter.creatorId !== undefined || filter.videoId !== undefined
      ? subject
        ? subject.kind === 'video'
          ? `"${subject.name}"`
          : subject.name
        : filter.creatorId !== undefined
          ? 'this creator'
          : 'this video'
      : null;

  return (
    <div className="admin-view admin-history">
      <h2 className="admin-view__title">History</h2>
      {outcome?.ok ? (
        <div
          role={outcome.ok ? 'status' : 'alert'}
          className={`admin-history__outcome${outcome.ok ? '' : ' admin-history__outcome--error'}`}
        >
          <p>{outcome.text}</p>
          {outcome.help ? <p>{outcome.help}</p> : null}
        </div>
      ) : null}
      <Section
        title={scope ? `Changes to ${scope}` : 'All changes'}
        actions={
          scope ? (
            <button type="button" className="admin-button" onClick={() => navigate('history')}>
              Show all changes
            </button>
          ) : null
        }
      >
        {history.isPending ? (
          <p className="admin-muted">Loading history…</p>
        ) : history.isError ? (
          <p className="admin-muted">Could not load the history.</p>
        ) : items.length === 0 ? (
          <p className="admin-empty">No changes yet</p>
        ) : (
          <ol className="admin-list admin-history__list" aria-label="Changes, newest first">
            {items.map((item) => (
              <li key={item.id} className="admin-history__item">
                <div className="admin-history__main">
                  <span className="admin-history__summary">
                    <span className="admin-muted">#{item.id}</span> {item.summary}
                  </span>
                  <span className="admin-muted">
                    <time dateTime={item.at}>{formatMoment(item.at)}</time> ·{' '}
                    <span title={item.actor}>{item.actorName ?? item.actor}</span>
                    {item.undoneBy !== null ? ` · undone by #${item.undoneBy}` : ''}
                  </span>
                  <EntryRows id={item.id} />
                  {outcome && !outcome.ok && outcome.id === item.id ? (
                    <div
                      ref={refusal}
                      tabIndex={-1}
                      role="alert"
                      className="admin-history__outcome admin-history__outcome--error"
                    >
                      <p>{outcome.text}</p>
                      {outcome.help ? <p>{outcome.help}</p> : null}
                    </div>
                  ) : null}
                </div>
                {item.undoable ? (
                  <button
                    type="button"
                    className="admin-button"
                    aria-label={`Undo #${item.id}: ${item.summary}`}
                    disabled={undo.isPending}
                    onClick={() => void run(item)}
                  >
                    Undo
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        <LoadMore query={history} />
      </Section>
    </div>
  );
}
