/**
 * A collab event's page (`?event=<id>`, docs/product.md "Counting by event"): the uploads of one
 * collaboration by several channels, oldest first, and every creator in it. Reached from the event
 * link on a video row.
 */
import { countOf, eventEvidenceLines, formatDay, type RemoteViewProps } from '@friends/shared';
import { ApiClientError } from '@friends/web/api-client';
import { BackToSearch, ViewStatus, type ViewStatusText } from '../../../components/view-status';
import { VideoMeta } from '../../../components/video-meta';
import { useEvent } from '../api/get-event';

/** What the page says while it has no collab event to show. */
const STATUS_TEXT: ViewStatusText = {
  notFound: 'This collab event could not be found.',
  error: 'The collab event could not be loaded. Please try again later.',
  loading: 'Loading the collab event',
};

export function EventView({ navigate, params }: RemoteViewProps) {
  const { data, isPending, error } = useEvent(params.eventId);
  const open = (creatorId: number) => navigate('author-page', { creatorId });
  const notFound = params.eventId === undefined || (error instanceof ApiClientError && error.status === 404);
  if (notFound || error || isPending) {
    return <ViewStatus navigate={navigate} notFound={notFound} error={error} text={STATUS_TEXT} />;
  }
  const names = new Map(data.authors.map((author) => [author.id, author.name]));
  return (
    <article className="pr-creator pr-event">
      <BackToSearch navigate={navigate} />
      <header className="pr-profile">
        <div className="pr-profile__body">
          <p className="pr-event__kind">Collab event</p>
          <h2 className="pr-profile__name">{data.title}</h2>
          <p className="pr-event__summary">
            {countOf(data.videos.length, 'upload')} by {countOf(data.authors.length, 'creator')}
            {data.date && (
              <>
                {' · '}
                <time dateTime={data.date}>{formatDay(data.date)}</time>
              </>
            )}
          </p>
          <div className="pr-event__evidence">
            <h3 className="pr-event__evidence-title">Why these uploads are one event</h3>
            <ul>
              {eventEvidenceLines(data.evidence).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <ul className="pr-chips" aria-label="Creators in this event">
            {data.authors.map((author) => (
              <li key={author.id}>
                <button type="button" className="pr-chip pr-chip--button" onClick={() => open(author.id)}>
                  {author.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </header>
      <section className="pr-section" aria-labelledby="pr-event-uploads">
        <h3 id="pr-event-uploads" className="pr-section__title">
          Uploads ({data.videos.length})
        </h3>
        <ul className="pr-videos">
          {data.videos.map((video) => (
            <li key={video.id} className="pr-video">
              <div className="pr-video__head">
                <h4 className="pr-video__title">{video.title}</h4>
              </div>
              <p className="pr-event__by">
                By {video.authorIds.map((id) => names.get(id) ?? `#${id}`).join(', ')}
              </p>
              <VideoMeta video={video} />
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
