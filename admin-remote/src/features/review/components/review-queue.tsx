/**
 * 'Review': weak detections of imports and rescans, each with its evidence and its video; accept (the
 * creator is linked, or created) or reject (never proposed again for that video), one or many.
 */
import { useState } from 'react';
import { errorAlert, safeHref, type RemoteViewProps, type ReviewItem } from '@friends/shared';
import { LoadMore } from '../../../components/load-more';
import { Section } from '../../../components/section';
import { SelectCheck, SelectionToolbar } from '../../../components/selection-toolbar';
import { useSelection } from '../../../hooks/use-selection';
import { reportError } from '../../../lib/report-error';
import { useDecide, useReviewQueue, type Decision } from '../api/review-api';
import { ProposedGroupings } from './proposed-groupings';

const FAILED = 'Failed to save the review decision';

function describe(item: ReviewItem): string {
  const who = item.creatorName ? `existing creator ${item.creatorName}` : 'a new creator';
  return `${item.source}, ${item.confidence} confidence: “${item.text}” (${who})`;
}

export function ReviewQueue(_props: RemoteViewProps) {
  const queue = useReviewQueue();
  const decide = useDecide();
  const selection = useSelection<number>();
  // Why a creator made from an @handle kept the handle (no key, YouTube unreachable).
  const [notice, setNotice] = useState('');
  // A proposal can appear twice when the queue moved between two page loads.
  const items = [
    ...new Map((queue.data?.pages ?? []).flatMap((p) => p.items).map((i) => [i.id, i])).values(),
  ];
  const total = queue.data?.pages.at(-1)?.total ?? 0;

  const run = async (decision: Decision, ids: number[]) => {
    if (ids.length === 0) return;
    try {
      const result = await decide.mutateAsync({ decision, ids });
      setNotice(result.notice ?? '');
      selection.drop(ids);
    } catch (error) {
      reportError(error, FAILED, { serverMessageFor: 'any', format: errorAlert });
    }
  };
  const busy = decide.isPending;
  const chosen = items.filter((i) => selection.selected.has(i.id)).map((i) => i.id);

  return (
    <div className="admin-view admin-review">
      <h2 className="admin-view__title">Review</h2>
      <ProposedGroupings />
      <Section title={`Proposed collaborators (${total})`}>
        <p className="admin-muted">
          Names an import or rescan found but was not sure of. Accept links the creator to the video (creating
          it when new); reject keeps it from being proposed again for that video.
        </p>
        {notice && (
          <p className="admin-notice" role="status">
            {notice}
          </p>
        )}
        {queue.isPending ? (
          <p className="admin-muted">Loading proposals…</p>
        ) : queue.isError ? (
          <p className="admin-muted">Could not load the review queue.</p>
        ) : items.length === 0 ? (
          <p className="admin-empty">Nothing to review</p>
        ) : (
          <>
            <SelectionToolbar
              count={chosen.length}
              of={items.length}
              note={items.length < total ? ` (${total} in all)` : ''}
              busy={busy}
              onSelectAll={() => selection.replace(items.map((i) => i.id))}
            >
              <button
                type="button"
                className="admin-button admin-button--primary"
                disabled={busy || chosen.length === 0}
                onClick={() => void run('accept', chosen)}
              >
                Accept Selected ({chosen.length})
              </button>
              <button
                type="button"
                className="admin-button"
                disabled={busy || chosen.length === 0}
                onClick={() => void run('reject', chosen)}
              >
                Reject Selected ({chosen.length})
              </button>
            </SelectionToolbar>
            <ul className="admin-list" aria-label="Proposed collaborators">
              {items.map((item) => {
                const href = safeHref(item.videoUrl);
                return (
                  <li
                    key={item.id}
                    className="admin-review__item"
                    aria-label={`${item.name} in ${item.videoTitle}`}
                  >
                    <SelectCheck selection={selection} rowKey={item.id} busy={busy}>
                      <strong>{item.name}</strong>
                    </SelectCheck>{' '}
                    in{' '}
                    {href ? (
                      <a href={href} target="_blank" rel="noopener noreferrer">
                        {item.videoTitle}
                      </a>
                    ) : (
                      item.videoTitle
                    )}
                    <div className="admin-muted">{describe(item)}</div>
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="admin-button"
                        disabled={busy}
                        aria-label={`Accept ${item.name} in ${item.videoTitle}`}
                        onClick={() => void run('accept', [item.id])}
                      >
                        Accept
                      </button>
                      <button
                        type="button"
                        className="admin-button"
                        disabled={busy}
                        aria-label={`Reject ${item.name} in ${item.videoTitle}`}
                        onClick={() => void run('reject', [item.id])}
                      >
                        Reject
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
            <LoadMore query={queue} label={`Load more (${total - items.length} not shown)`} />
          </>
        )}
      </Section>
    </div>
  );
}
