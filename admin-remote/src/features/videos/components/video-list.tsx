/**
 * 'All Videos (n)': every video with inline edit and a confirmed single delete, paged and filtered by the
 * API. A video in a collab event shows it (a link to the event's page) with 'Ungroup event'; ticked
 * videos can be grouped with 'Group as one event' (docs/product.md "Counting by event").
 */
import { useDeferredValue, useState, type MouseEvent } from 'react';
import { EVENT_MIN_VIDEOS, formatDay, MESSAGES, safeHref, type Navigate, type Video } from '@friends/shared';
import { PagedList } from '../../../components/paged-list';
import { RowActions } from '../../../components/row-actions';
import { FilterBox } from '../../../components/filter-box';
import { Section } from '../../../components/section';
import { reportError } from '../../../lib/report-error';
import { useDeleteVideo } from '../api/delete-video';
import { useGroupEvent } from '../api/group-event';
import { useUngroupEvent } from '../api/ungroup-event';
import { useVideoPages } from '../../../api/get-videos';
import { VideoAuthors } from './video-authors';
import { VideoEditForm } from './video-edit-form';

interface VideoListProps {
  navigate: Navigate;
  /** A video to mark 'Just added' (it is the first row: the list is newest first). */
  highlightId?: number | null;
}

export function VideoList({ navigate, highlightId = null }: VideoListProps) {
  const deleteVideo = useDeleteVideo();
  const [editingId, setEditingId] = useState<number | null>(null);
  const groupEvent = useGroupEvent();
  const ungroupEvent = useUngroupEvent();
  /** Videos ticked for 'Group as one event', in the order ticked. */
  const [selected, setSelected] = useState<readonly number[]>([]);
  const [eventStatus, setEventStatus] = useState('');
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  // The API reads the filter (a `with:"Name"` term too); a malformed one answers 400, shown as an error.
  const pages = useVideoPages(deferredFilter.trim().toLowerCase());
  const shown = pages.videos;
  // The unfiltered total titles the section, as before; the filter's total sizes the list.
  const all = useVideoPages('');

  const remove = async (video: Video) => {
    if (!window.confirm(`Are you sure you want to delete "${video.title}"?`)) return;
    try {
      await deleteVideo.mutateAsync(video.id);
    } catch (error) {
      reportError(error, MESSAGES.errorDeletingVideo);
    }
  };

  const toggle = (id: number, checked: boolean) =>
    setSelected((previous) => (checked ? [...previous, id] : previous.filter((other) => other !== id)));

  const group = async () => {
    try {
      const event = await groupEvent.mutateAsync(selected);
      setSelected([]);
      setEventStatus(`Grouped ${event.videos.length} videos as one event: ${event.title}`);
    } catch (error) {
      reportError(error, MESSAGES.errorGrouping, { serverMessageFor: [400, 404] });
    }
  };

  const ungroup = async (eventId: number) => {
    if (!window.confirm('Ungroup this collab event? Its videos stay, each on its own.')) return;
    try {
      setEventStatus((await ungroupEvent.mutateAsync(eventId)).message);
    } catch (error) {
      reportError(error, MESSAGES.errorUngrouping, { serverMessageFor: [404] });
    }
  };

  const openEvent = (event: MouseEvent<HTMLAnchorElement>, eventId: number) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate('event', { eventId });
  };

  const renderVideo = (video: Video) => {
    if (video.id === editingId) return <VideoEditForm video={video} onDone={() => setEditingId(null)} />;
    const href = safeHref(video.url);
    return (
      <article
        className={`admin-video${video.id === highlightId ? ' admin-video--new' : ''}`}
        aria-label={video.title}
      >
        <input
          type="checkbox"
          className="admin-video__select"
          aria-label={`Select ${video.title} to group`}
          checked={selected.includes(video.id)}
          onChange={(event) => toggle(video.id, event.target.checked)}
        />
        <div className="admin-video__main">
          <h4 className="admin-video__title">
            {video.title}
            {video.id === highlightId ? <span className="admin-badge-new">Just added</span> : null}
          </h4>
          <p className="admin-video__meta">
            {video.date ? <time dateTime={video.date}>{formatDay(video.date)}</time> : null}
            {video.url ? (
              href ? (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {video.url}
                </a>
              ) : (
                <span>{video.url}</span>
              )
            ) : null}
          </p>
          <VideoAuthors video={video} />
          {video.eventId !== null && (
            <p className="admin-video__event">
              <a href={`?event=${video.eventId}`} onClick={(event) => openEvent(event, video.eventId!)}>
                Collab event #{video.eventId}
              </a>
              <button
                type="button"
                className="admin-button"
                aria-label={`Ungroup the event of ${video.title}`}
                disabled={ungroupEvent.isPending}
                onClick={() => void ungroup(video.eventId!)}
              >
                Ungroup event
              </button>
            </p>
          )}
        </div>
        <RowActions
          name={video.title}
          onHistory={() => navigate('history', { videoId: video.id })}
          onEdit={() => setEditingId(video.id)}
          onDelete={() => void remove(video)}
        />
      </article>
    );
  };

  return (
    // No count until the list has loaded: a '(0)' while loading would read as 'no videos'.
    <Section
      title={all.total === undefined ? 'All Videos' : `All Videos (${all.total})`}
      className="admin-all-videos"
    >
      <FilterBox
        label="Filter videos"
        placeholder="Filter by title or creator…"
        value={filter}
        onChange={setFilter}
      />
      <div className="admin-event-bar">
        <button
          type="button"
          className="admin-button"
          disabled={selected.length < EVENT_MIN_VIDEOS || groupEvent.isPending}
          onClick={() => void group()}
        >
          Group as one event{selected.length > 0 ? ` (${selected.length} selected)` : ''}
        </button>
        {selected.length > 0 && (
          <button type="button" className="admin-button" onClick={() => setSelected([])}>
            Clear selection
          </button>
        )}
        <span className="admin-muted">
          {selected.length < EVENT_MIN_VIDEOS
            ? `Tick at least ${EVENT_MIN_VIDEOS} uploads of one collaboration to group them.`
            : ''}
        </span>
        <p role="status" className="admin-event-bar__status">
          {eventStatus}
        </p>
      </div>
      {pages.isPending ? (
        <p className="admin-muted">Loading videos…</p>
      ) : pages.isError ? (
        <p className="admin-muted">Could not load videos.</p>
      ) : shown.length === 0 ? (
        <p className="admin-muted">No videos found</p>
      ) : (
        <PagedList
          items={shown}
          getKey={(video) => video.id}
          renderItem={renderVideo}
          label="All videos"
          className="admin-scroll--tall"
          {...pages.paging}
          keepMounted={editingId === null ? undefined : [editingId]}
        />
      )}
    </Section>
  );
}
