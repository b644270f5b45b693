/**
 * Proposed groupings: two uploads by different channels, published within 48 hours, each crediting the
 * other's uploader. The import did not group them; Accept puts them in one event (undoable in History),
 * Reject keeps them apart.
 */
import { errorAlert, safeHref, type EventProposalItem, type EventProposalVideo } from '@friends/shared';
import { Section } from '../../../components/section';
import { reportError } from '../../../lib/report-error';
import { useDecideEvent, useEventProposals } from '../api/event-proposals';

const FAILED = 'Failed to save the grouping decision';

function UploadLine({ video }: { video: EventProposalVideo }) {
  const href = safeHref(video.url);
  const by = video.authors.map((a) => a.name).join(', ');
  return (
    <li>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {video.title}
        </a>
      ) : (
        video.title
      )}
      <span className="admin-muted">
        {' '}
        — {by}
        {video.date ? `, ${video.date}` : ''}
        {video.eventId !== null ? ` (in event #${video.eventId})` : ''}
      </span>
    </li>
  );
}

const labelOf = (item: EventProposalItem) => item.videos.map((v) => v.title).join(' and ');

export function ProposedGroupings() {
  const proposals = useEventProposals();
  const decide = useDecideEvent();
  const items = proposals.data?.items ?? [];
  const total = proposals.data?.total ?? 0;
  const busy = decide.isPending;

  const run = async (decision: 'accept' | 'reject', id: number) => {
    try {
      await decide.mutateAsync({ decision, id });
    } catch (error) {
      reportError(error, FAILED, { serverMessageFor: 'any', format: errorAlert });
    }
  };

  return (
    <Section title={`Proposed groupings (${total})`}>
      <p className="admin-muted">
        Uploads the import thinks are one collaboration but did not group. Accept puts them in one event;
        reject keeps them apart.
      </p>
      {proposals.isPending ? (
        <p className="admin-muted">Loading proposed groupings…</p>
      ) : proposals.isError ? (
        <p className="admin-muted">Could not load the proposed groupings.</p>
      ) : items.length === 0 ? (
        <p className="admin-empty">No groupings to review</p>
      ) : (
        <ul className="admin-list" aria-label="Proposed groupings">
          {items.map((item) => (
            <li key={item.id} className="admin-review__item" aria-label={labelOf(item)}>
              <ul className="admin-review__uploads">
                {item.videos.map((video) => (
                  <UploadLine key={video.id} video={video} />
                ))}
              </ul>
              <div className="admin-muted">{item.reason}</div>
              <div className="admin-actions">
                <button
                  type="button"
                  className="admin-button"
                  disabled={busy}
                  aria-label={`Accept grouping of ${labelOf(item)}`}
                  onClick={() => void run('accept', item.id)}
                >
                  Accept
                </button>
                <button
                  type="button"
                  className="admin-button"
                  disabled={busy}
                  aria-label={`Reject grouping of ${labelOf(item)}`}
                  onClick={() => void run('reject', item.id)}
                >
                  Reject
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
