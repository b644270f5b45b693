/**
 * A list of videos with author chips, Collaboration badges, dates and Watch links (creator and pair pages),
 * rendered a page at a time: a creator with 1,000 videos would otherwise render 1,000 rows before the page
 * shows. Another page is added when the sentinel below the list comes near the viewport, or with the
 * 'Show more videos' button (the keyboard and no-IntersectionObserver path). The heading's count and
 * everything the page computes (stats, export) still read the whole list.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { AUTHOR_ROLE_LABELS, CREW_JOB_LABELS, MESSAGES, isCollaboration, type Video } from '@friends/shared';
import { VideoMeta } from './video-meta';

/** Rows rendered at first and added per page: about three screens of video rows. */
export const VIDEO_PAGE_SIZE = 24;

interface VideoListProps {
  videos: readonly Video[];
  /** The creators whose page this is: their chips are highlighted, the others open their pages. */
  currentIds: readonly number[];
  onOpen: (id: number) => void;
  /** The heading's text before the count. */
  title?: string;
  /** False when the page around the list already heads it (one heading per list). */
  showTitle?: boolean;
  /** Shown when there are no videos. */
  emptyText?: string;
  /** Rendered beside the heading (the export buttons). */
  actions?: ReactNode;
  /** A list the server pages: how many videos match in all (`videos` holds the pages loaded so far). */
  total?: number;
  /** How many of them the server's pages reach (a visitor's search: PAGING.visitorWindow); all by default. */
  reachable?: number;
  /** Asks for the server's next page once the rows loaded so far are all shown. */
  onLoadMore?: () => void;
  /** A mark beside a video's Collaboration pill (the pair page: inside a group or across). */
  badge?: (video: Video) => ReactNode;
  /** Opens a collab event's page; a video in an event shows a link to it when given. */
  onOpenEvent?: (eventId: number) => void;
}

/** The address of a collab event's page (the host mirrors views into the URL). */
export const eventHref = (eventId: number) => `?event=${eventId}`;

export function VideoList({
  videos,
  currentIds,
  onOpen,
  title = 'All Videos',
  showTitle = true,
  emptyText = 'No videos found for this creator',
  actions,
  total,
  reachable = Infinity,
  onLoadMore,
  badge,
  onOpenEvent,
}: VideoListProps) {
  const [limit, setLimit] = useState(VIDEO_PAGE_SIZE);
  const count = total ?? videos.length;
  const list = useRef<HTMLUListElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  /** The first added row, to be focused once rendered (set when the user asked for more from the button). */
  const focusRow = useRef<number | null>(null);
  const shown = Math.min(limit, videos.length);
  const hasMore = Math.min(count, reachable) > shown;

  const showMore = useCallback(
    (moveFocus: boolean) => {
      focusRow.current = moveFocus ? Math.min(limit, videos.length) : null;
      // At most one page past what is loaded: while the next server page is on its way, the same
      // limit again renders nothing new, so a sentinel still in view does not spin.
      setLimit(Math.min(limit + VIDEO_PAGE_SIZE, videos.length + VIDEO_PAGE_SIZE));
      if (onLoadMore && limit + VIDEO_PAGE_SIZE > videos.length && videos.length < Math.min(count, reachable))
        onLoadMore();
    },
    [limit, videos.length, count, reachable, onLoadMore],
  );

  useEffect(() => {
    // Focus the first new row rather than leave it on the button, which ends up below the new rows
    // (or, after the last page, is gone and would drop focus to the document).
    if (focusRow.current === null) return;
    const row = list.current?.children[focusRow.current] as HTMLElement | undefined;
    if (!row) return; // a server page still loading: focus it once it is rendered
    row.focus();
    focusRow.current = null;
  }, [limit, videos.length]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Focus moves only if it was on the button: scrolling alone must not move it.
        if (entries.some((entry) => entry.isIntersecting)) showMore(node.contains(document.activeElement));
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
    // A new `showMore` (a new limit) re-arms the observer: a sentinel still in view after a page loads
    // asks for the next one.
  }, [hasMore, showMore]);

  return (
    <section
      className="pr-section"
      // Without its own heading the list belongs to the page's: no second name for the same thing.
      aria-labelledby={showTitle ? 'pr-videos-title' : undefined}
    >
      {(showTitle || actions) && (
        <div className="pr-section__head">
          {showTitle && (
            <h3 id="pr-videos-title" className="pr-section__title">
              {title} ({count})
            </h3>
          )}
          {actions}
        </div>
      )}
      {videos.length === 0 ? (
        <p className="pr-empty">{emptyText}</p>
      ) : (
        <ul className="pr-videos" ref={list}>
          {videos.slice(0, shown).map((video) => (
            <li key={video.id} className="pr-video" tabIndex={-1}>
              <div className="pr-video__head">
                <h4 className="pr-video__title">{video.title}</h4>
                {isCollaboration(video) && <span className="pr-pill">Collaboration</span>}
                {badge?.(video)}
                {video.eventId !== null && onOpenEvent && (
                  <a
                    className="pr-pill pr-pill--event"
                    href={eventHref(video.eventId)}
                    aria-label={`Collab event: all uploads of ${video.title}`}
                    onClick={(event) => {
                      if (
                        event.button !== 0 ||
                        event.metaKey ||
                        event.ctrlKey ||
                        event.shiftKey ||
                        event.altKey
                      )
                        return;
                      event.preventDefault();
                      onOpenEvent(video.eventId!);
                    }}
                  >
                    Collab event
                  </a>
                )}
              </div>
              <ul className="pr-chips pr-video__authors" aria-label="Authors">
                {video.authors.map((author) => (
                  <li key={author.id} className="pr-video__author">
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
                    {/* Roles matter only where several people made the video. */}
                    {video.authors.length > 1 && (
                      <span className="pr-role">{AUTHOR_ROLE_LABELS[author.role]}</span>
                    )}
                    {author.creditedAs && <span className="pr-role pr-role--as">as {author.creditedAs}</span>}
                  </li>
                ))}
              </ul>
              {video.crew.length > 0 && (
                <p className="pr-video__crew">
                  {video.crew.map((credit, i) => (
                    <span key={`${credit.job}:${credit.name}`}>
                      {i > 0 && ' · '}
                      {CREW_JOB_LABELS[credit.job]} {credit.name}
                    </span>
                  ))}
                </p>
              )}
              <VideoMeta video={video} />
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <div ref={sentinel} className="pr-videos__more">
          <p role="status">
            Showing {shown} of {count}
          </p>
          <button type="button" className="pr-button" onClick={() => showMore(true)}>
            Show more videos
          </button>
        </div>
      )}
      {!hasMore && shown > 0 && count > shown && (
        <div className="pr-videos__more">
          <p role="status">{MESSAGES.beyondVisitorWindow(shown, count)}</p>
        </div>
      )}
    </section>
  );
}
