/** A list of videos with author chips, Collaboration badges, dates and Watch links (creator and pair pages). */
import type { ReactNode } from 'react';
import { isCollaboration, safeHref, type Video } from '@friends/shared';

interface VideoListProps {
  videos: readonly Video[];
  /** The creators whose page this is: their chips are highlighted, the others open their pages. */
  currentIds: readonly number[];
  onOpen: (id: number) => void;
  /** The heading's text before the count. */
  title?: string;
  /** Shown when there are no videos. */
  emptyText?: string;
  /** Rendered beside the heading (the export buttons). */
  actions?: ReactNode;
}

const dateFormat = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' as 'Mar 5, 2024'; anything unparsable as written. */
function formatDate(date: string): string {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? dateFormat.format(parsed) : date;
}

export function VideoList({
  videos,
  currentIds,
  onOpen,
  title = 'All Videos',
  emptyText = 'No videos found for this creator',
  actions,
}: VideoListProps) {
  return (
    <section className="pr-section" aria-labelledby="pr-videos-title">
      <div className="pr-section__head">
        <h3 id="pr-videos-title" className="pr-section__title">
          {title} ({videos.length})
        </h3>
        {actions}
      </div>
      {videos.length === 0 ? (
        <p className="pr-empty">{emptyText}</p>
      ) : (
        <ul className="pr-videos">
          {videos.map((video) => {
            const href = safeHref(video.url);
            return (
              <li key={video.id} className="pr-video">
                <div className="pr-video__head">
                  <h4 className="pr-video__title">{video.title}</h4>
                  {isCollaboration(video) && <span className="pr-pill">Collaboration</span>}
                </div>
                <ul className="pr-chips pr-video__authors" aria-label="Authors">
                  {video.authors.map((author) => (
                    <li key={author.id}>
                      {currentIds.includes(author.id) ? (
                        <span className="pr-chip pr-chip--current" aria-current="true">
                          {author.name}
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="pr-chip pr-chip--button"
                          onClick={() => onOpen(author.id)}
                        >
                          {author.name}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
                <div className="pr-video__meta">
                  {video.date && <time dateTime={video.date}>{formatDate(video.date)}</time>}
                  {href && (
                    <a
                      className="pr-video__watch"
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Watch ${video.title}`}
                    >
                      Watch
                    </a>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
