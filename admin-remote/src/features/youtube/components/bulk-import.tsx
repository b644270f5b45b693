/**
 * 'Bulk Import Videos' (docs/product.md §4 bulk import states, §5, §8; docs/architecture.md "Deliberate departures" 6): a channel or
 * playlist URL, a preview of up to 500 videos with select all / none, then the import in chunks of
 * IMPORT_CHUNK_SIZE with a progress bar current/total, the 'Bulk import complete!' summary and a cleared
 * state. The API imports each video atomically and skips URLs it already has.
 */
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bulkImportSummary, formatDay, IMPORT_CHUNK_SIZE, MESSAGES, type PreviewItem } from '@friends/shared';
import { Section } from '../../../components/section';
import { SelectCheck, SelectionToolbar } from '../../../components/selection-toolbar';
import { useSelection } from '../../../hooks/use-selection';
import { isApiClientError } from '@friends/web/api-client';
import { chunks } from '../../../lib/chunks';
import { invalidateCatalog } from '../../../lib/invalidate';
import { reportError } from '../../../lib/report-error';
import { useNoDataApi } from '../api/get-youtube-status';
import { fetchPlaylist, importVideos, newImportId } from '../api/youtube-api';
import { ProgressBar } from './progress-bar';
import './youtube.css';

type Phase = 'idle' | 'fetching' | 'list' | 'importing';

export function BulkImport() {
  const id = useId();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [items, setItems] = useState<PreviewItem[]>([]);
  const [truncated, setTruncated] = useState(false);
  const selection = useSelection<string>();
  const [progress, setProgress] = useState({ current: 0, total: 0 });
  const noKey = useNoDataApi();

  const fetchVideos = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      window.alert(MESSAGES.enterChannelUrl);
      return;
    }
    setPhase('fetching');
    try {
      const preview = await fetchPlaylist(url.trim());
      setItems(preview.items);
      setTruncated(preview.truncated);
      selection.replace(preview.items.map((item) => item.id));
      setPhase('list');
    } catch (error) {
      setPhase(items.length > 0 ? 'list' : 'idle');
      reportError(error, MESSAGES.failedToFetchVideos, { serverMessageFor: [404, 502, 503] });
    }
  };

  const runImport = async () => {
    const ids = items.filter((item) => selection.selected.has(item.id)).map((item) => item.id);
    if (ids.length === 0) {
      window.alert(MESSAGES.selectVideoToImport);
      return;
    }
    setPhase('importing');
    setProgress({ current: 0, total: ids.length });
    const totals = { imported: 0, duplicates: 0, failed: 0 };
    let stopReason = '';
    let done = 0;
    // Every batch names the run, so the whole import is one history entry (one Undo).
    const importId = newImportId();
    const parts = chunks(ids, IMPORT_CHUNK_SIZE);
    for (const [index, part] of parts.entries()) {
      if (stopReason) {
        totals.failed += part.length;
      } else {
        try {
          const result = await importVideos(part, { importId, last: index === parts.length - 1 });
          totals.imported += result.imported;
          totals.duplicates += result.duplicates;
          totals.failed += result.failed;
        } catch (error) {
          console.error(error);
          totals.failed += part.length;
          // The service itself is unavailable (no key, quota, YouTube down, logged out): stop asking.
          if (isApiClientError(error) && (error.status === 401 || error.status >= 500 || error.status === 0))
            stopReason =
              error.status === 401
                ? 'Admin login required'
                : (error.serverMessage ?? MESSAGES.failedToFetchVideos);
        }
      }
      done += part.length;
      setProgress({ current: done, total: ids.length });
    }
    await invalidateCatalog(queryClient);
    const summary = bulkImportSummary(totals.imported, totals.duplicates, totals.failed);
    window.alert(stopReason ? `${summary}\n\n${stopReason}` : summary);
    setUrl('');
    setItems([]);
    selection.clear();
    setTruncated(false);
    setPhase('idle');
  };

  const busy = phase === 'fetching' || phase === 'importing';

  return (
    <Section title="Bulk Import Videos" className="yt-bulk-import">
      {noKey ? (
        <p className="admin-muted" id={`${id}-key`}>
          {MESSAGES.youtubeKeyNeeded}
        </p>
      ) : null}
      {/* One row: label, URL field, button; it wraps on a narrow screen (youtube.css). */}
      <form className="yt-url-form" onSubmit={fetchVideos} noValidate aria-label="Bulk Import Videos">
        <label className="yt-url-form__label" htmlFor={`${id}-url`}>
          YouTube channel or playlist URL
        </label>
        <input
          id={`${id}-url`}
          className="yt-url-form__input"
          type="text"
          inputMode="url"
          placeholder="https://www.youtube.com/@channel or …/playlist?list=…"
          value={url}
          disabled={busy || noKey}
          onChange={(event) => setUrl(event.target.value)}
        />
        <button
          type="submit"
          className="admin-button admin-button--primary"
          disabled={busy || noKey}
          aria-describedby={noKey ? `${id}-key` : undefined}
        >
          {phase === 'fetching' ? 'Fetching…' : 'Fetch Videos'}
        </button>
      </form>

      {phase === 'importing' ? (
        <ProgressBar label="Importing" current={progress.current} total={progress.total} />
      ) : null}

      {items.length > 0 ? (
        <div className="yt-preview">
          <SelectionToolbar
            className="yt-preview__toolbar"
            count={selection.selected.size}
            of={items.length}
            note={truncated ? ' (the first 500 videos)' : ''}
            busy={busy}
            onSelectAll={() => selection.replace(items.map((item) => item.id))}
            onSelectNone={selection.clear}
          >
            <button
              type="button"
              className="admin-button admin-button--primary"
              disabled={busy}
              onClick={() => void runImport()}
            >
              {phase === 'importing' ? 'Importing…' : `Import Selected (${selection.selected.size})`}
            </button>
          </SelectionToolbar>
          <ul className="yt-preview__list" aria-label="Videos to import">
            {items.map((item) => (
              <li key={item.id} className="yt-preview__item">
                <SelectCheck selection={selection} rowKey={item.id} busy={busy}>
                  {item.thumbnail ? (
                    <img src={item.thumbnail} alt="" width={96} height={54} loading="lazy" />
                  ) : null}
                  <span className="yt-preview__text">
                    <span className="yt-preview__title">{item.title}</span>
                    <span className="admin-muted">
                      {formatDay(item.publishedAt)} · {item.channelTitle}
                    </span>
                  </span>
                </SelectCheck>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Section>
  );
}
