/**
 * 'Rescan for Collaborators' (docs/product.md §4 rescan states, §7 rescan, §8): one video with its own
 * alerts ('Could not extract video ID from URL', 'No video data found'), or a selection in chunks
 * with a progress bar current/total where such videos are skipped silently; then the rescan summary or
 * 'No new collaborators detected', and the selection cleared.
 */
import { useDeferredValue, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  errorAlert,
  extractVideoId,
  MESSAGES,
  rescanSummary,
  YOUTUBE_BATCH_MAX,
  type Video,
} from '@friends/shared';
import { getVideoIds, useVideoPages } from '../../../api/get-videos';
import { PagedList } from '../../../components/paged-list';
import { FilterBox } from '../../../components/filter-box';
import { Section } from '../../../components/section';
import { SelectCheck, SelectionToolbar } from '../../../components/selection-toolbar';
import { useSelection } from '../../../hooks/use-selection';
import { isApiClientError } from '@friends/web/api-client';
import { chunks } from '../../../lib/chunks';
import { invalidateCatalog } from '../../../lib/invalidate';
import { reportError } from '../../../lib/report-error';
import { useNoDataApi } from '../api/get-youtube-status';
import { rescanVideo, rescanVideos } from '../api/youtube-api';
import { ProgressBar } from './progress-bar';
import './youtube.css';

/** Videos per rescan request, so the progress bar moves. */
const RESCAN_CHUNK = Math.min(10, YOUTUBE_BATCH_MAX);

/** A single rescan's own findings, alerted as they are; any other failure reads 'Error: <message>'. */
const PLAIN_RESCAN_ALERTS: readonly string[] = [
  MESSAGES.couldNotExtractVideoIdShort,
  MESSAGES.noVideoDataFound,
];

function summaryOf(added: number, created: number): string {
  return added > 0 || created > 0 ? rescanSummary(added, created) : MESSAGES.noNewCollaborators;
}

export function RescanCollaborators() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const text = useDeferredValue(filter).trim().toLowerCase();
  // The API lists the videos on YouTube (newest first, filtered by title or creator); one whose URL
  // still names no video id is skipped silently.
  const pages = useVideoPages(text, true);
  const youtubeVideos = pages.videos.filter((video) => extractVideoId(video.url) !== null);
  const selection = useSelection<number>();
  const { selected } = selection;
  const [running, setRunning] = useState<number | 'bulk' | 'selecting' | null>(null);
  const [progress, setProgress] = useState({ current: 0, total: 0 });
  const noKey = useNoDataApi();

  // Every YouTube video, loaded or not: the ids come from the API.
  const selectAll = async () => {
    setRunning('selecting');
    try {
      selection.replace(await getVideoIds(text, true));
    } catch (error) {
      reportError(error, MESSAGES.couldNotSelectAll);
    } finally {
      setRunning(null);
    }
  };

  const rescanOne = async (video: Video) => {
    setRunning(video.id);
    try {
      const result = await rescanVideo(video.id);
      await invalidateCatalog(queryClient);
      window.alert(summaryOf(result.added, result.created));
    } catch (error) {
      const plain = isApiClientError(error) && PLAIN_RESCAN_ALERTS.includes(error.serverMessage ?? '');
      reportError(error, MESSAGES.failedToUpdateVideo, {
        serverMessageFor: 'any',
        format: plain ? undefined : errorAlert,
      });
    } finally {
      setRunning(null);
    }
  };

  const rescanSelected = async () => {
    const ids = [...selected];
    if (ids.length === 0) return;
    setRunning('bulk');
    setProgress({ current: 0, total: ids.length });
    let added = 0;
    let created = 0;
    let done = 0;
    try {
      for (const part of chunks(ids, RESCAN_CHUNK)) {
        const result = await rescanVideos(part);
        added += result.added;
        created += result.created;
        done += part.length;
        setProgress({ current: done, total: ids.length });
      }
      window.alert(summaryOf(added, created));
      selection.clear();
    } catch (error) {
      reportError(error, MESSAGES.failedToUpdateVideo, {
        serverMessageFor: isApiClientError(error) && error.status >= 500 ? 'any' : [],
        format: errorAlert,
      });
    } finally {
      await invalidateCatalog(queryClient);
      setRunning(null);
    }
  };

  const busy = running !== null;

  if (noKey)
    return (
      <Section title="Rescan for Collaborators" className="yt-rescan">
        <p className="admin-muted">{MESSAGES.youtubeKeyNeeded}</p>
      </Section>
    );

  return (
    <Section title="Rescan for Collaborators" className="yt-rescan">
      <p className="admin-muted">
        Reads each video&apos;s title and description on YouTube again and adds the collaborators it names.
      </p>
      <SelectionToolbar
        className="yt-preview__toolbar"
        count={selected.size}
        of={pages.total ?? youtubeVideos.length}
        busy={busy}
        onSelectAll={() => void selectAll()}
        onSelectNone={selection.clear}
      >
        <button
          type="button"
          className="admin-button admin-button--primary"
          disabled={busy || selected.size === 0}
          onClick={() => void rescanSelected()}
        >
          {running === 'bulk' ? 'Rescanning…' : `Rescan Selected (${selected.size})`}
        </button>
      </SelectionToolbar>
      {running === 'bulk' ? (
        <ProgressBar label="Rescanning" current={progress.current} total={progress.total} />
      ) : null}
      <FilterBox
        label="Filter videos to rescan"
        placeholder="Filter by title or creator…"
        value={filter}
        onChange={setFilter}
      />
      {pages.isPending ? (
        <p className="admin-muted">Loading videos…</p>
      ) : youtubeVideos.length === 0 ? (
        <p className="admin-muted">
          {text ? 'No YouTube videos match the filter' : 'No YouTube videos to rescan'}
        </p>
      ) : (
        <PagedList
          items={youtubeVideos}
          {...pages.paging}
          getKey={(video) => video.id}
          label="Videos to rescan"
          className="yt-rescan__list"
          itemClassName="yt-rescan__item"
          renderItem={(video) => (
            <>
              <SelectCheck selection={selection} rowKey={video.id} busy={busy}>
                <span>{video.title}</span>
              </SelectCheck>
              <button
                type="button"
                className="admin-button"
                disabled={busy}
                aria-label={`Rescan ${video.title}`}
                onClick={() => void rescanOne(video)}
              >
                {running === video.id ? 'Rescanning…' : 'Rescan'}
              </button>
            </>
          )}
        />
      )}
    </Section>
  );
}
