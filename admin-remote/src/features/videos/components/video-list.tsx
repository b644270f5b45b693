/** 'All Videos (n)': every video with inline edit and a confirmed single delete. */
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { MESSAGES, safeHref, type Navigate, type Video } from '@friends/shared';
import { IncrementalList } from '../../../components/incremental-list';
import { Section } from '../../../components/section';
import { reportError } from '../../../lib/report-error';
import { useDeleteVideo } from '../api/delete-video';
import { useVideos } from '../../../api/get-videos';
import { VideoAuthors } from './video-authors';
import { VideoEditForm } from './video-edit-form';

/**
 * A video's title and author names, lowercased, remembered per video object: the first filter
 * keystroke lowercases 100,000 videos once, later ones (and later re-fetches, which keep unchanged
 * video objects) only compare. Built on first use, so a list nobody filters costs nothing.
 */
const filterText = new WeakMap<Video, string>();
function textOf(video: Video): string {
  let text = filterText.get(video);
  if (text === undefined) {
    text = [video.title, ...video.authors.map((author) => author.name)].join('\n').toLowerCase();
    filterText.set(video, text);
  }
  return text;
}

export function VideoList({ navigate }: { navigate: Navigate }) {
  const id = useId();
  const videos = useVideos();
  const deleteVideo = useDeleteVideo();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const all = videos.data;

  const shown = useMemo(() => {
    const term = deferredFilter.trim().toLowerCase();
    if (!all || !term) return all ?? [];
    return all.filter((video) => textOf(video).includes(term));
  }, [all, deferredFilter]);

  const remove = async (video: Video) => {
    if (!window.confirm(`Are you sure you want to delete "${video.title}"?`)) return;
    try {
      await deleteVideo.mutateAsync(video.id);
    } catch (error) {
      reportError(error, MESSAGES.errorDeletingVideo);
    }
  };

  const renderVideo = (video: Video) => {
    if (video.id === editingId) return <VideoEditForm video={video} onDone={() => setEditingId(null)} />;
    const href = safeHref(video.url);
    return (
      <article className="admin-video" aria-label={video.title}>
        <div className="admin-video__main">
          <h4 className="admin-video__title">{video.title}</h4>
          <p className="admin-video__meta">
            {video.date ? <span>{video.date}</span> : null}
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
        </div>
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button"
            aria-label={`History of ${video.title}`}
            onClick={() => navigate('history', { videoId: video.id })}
          >
            History
          </button>
          <button type="button" className="admin-button" onClick={() => setEditingId(video.id)}>
            Edit
          </button>
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={() => void remove(video)}
          >
            Delete
          </button>
        </div>
      </article>
    );
  };

  return (
    // No count until the list has loaded: a '(0)' while loading would read as 'no videos'.
    <Section title={all ? `All Videos (${all.length})` : 'All Videos'} className="admin-all-videos">
      <label className="admin-visually-hidden" htmlFor={`${id}-filter`}>
        Filter videos
      </label>
      <input
        id={`${id}-filter`}
        type="search"
        className="admin-filter"
        placeholder="Filter by title or creator…"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {videos.isPending ? (
        <p className="admin-muted">Loading videos…</p>
      ) : videos.isError ? (
        <p className="admin-muted">Could not load videos.</p>
      ) : shown.length === 0 ? (
        <p className="admin-muted">No videos found</p>
      ) : (
        <IncrementalList
          items={shown}
          getKey={(video) => video.id}
          renderItem={renderVideo}
          label="All videos"
          className="admin-scroll--tall"
          keepMounted={editingId === null ? undefined : [editingId]}
        />
      )}
    </Section>
  );
}
