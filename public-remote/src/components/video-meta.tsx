/** The foot of a video row: its date, and a Watch link when its address is one to open. */
import { formatDay, safeHref, type Video } from '@friends/shared';

export function VideoMeta({ video }: { video: Pick<Video, 'title' | 'url' | 'date'> }) {
  const href = safeHref(video.url);
  return (
    <div className="pr-video__meta">
      {video.date && <time dateTime={video.date}>{formatDay(video.date)}</time>}
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
  );
}
