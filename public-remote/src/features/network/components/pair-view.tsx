/**
 * The pair page: 'A × B', every video the two made together (newest first), the first and
 * latest collaboration dates. Its address is `?pair=<a>-<b>` (docs/architecture.md "Deliberate departures" 8).
 */
import {
  collaborationSideLabel,
  collaborationsInEvents,
  formatDay,
  SHARE_ROUTES,
  VIDEO_EXPORT_COLUMNS,
  type PairVideoSide,
  type RemoteViewProps,
} from '@friends/shared';
import { CreatorPhoto } from '../../../components/creator-photo';
import { ExportButtons } from '../../../components/export-buttons';
import { FollowLink } from '../../../components/follow-link';
import { BackToSearch, ViewStatus, type ViewStatusText } from '../../../components/view-status';
import { VideoList } from '../../../components/video-list';
import { ApiClientError } from '@friends/web/api-client';
import { usePair } from '../api/get-pair';

const dayLabel = formatDay;

/** What the page says while it has no pair to show. */
const STATUS_TEXT: ViewStatusText = {
  notFound: 'These two creators could not be found.',
  error: 'The videos together could not be loaded. Please try again later.',
  loading: 'Loading videos together',
};

export function PairView({ navigate, params }: RemoteViewProps) {
  const ids = params.pairIds;
  const { data, isPending, error } = usePair(ids);
  const open = (creatorId: number) => navigate('author-page', { creatorId });
  const notFound =
    !ids || (error instanceof ApiClientError && (error.status === 404 || error.status === 400));
  if (notFound || error || isPending) {
    return <ViewStatus navigate={navigate} notFound={notFound} error={error} text={STATUS_TEXT} />;
  }

  const { a, b, videos, first, latest, sides, collaborationEvents } = data;
  const inEvents =
    collaborationEvents === undefined ? null : collaborationsInEvents(videos.length, collaborationEvents);
  const sideOf = new Map<number, PairVideoSide>((sides ?? []).map((side) => [side.videoId, side]));
  const title = `${a.name} × ${b.name}`;
  return (
    <article className="pr-creator pr-pair">
      <BackToSearch navigate={navigate} />
      <header className="pr-profile">
        <div className="pr-profile__body">
          <h2 className="pr-profile__name">{title}</h2>
          <ul className="pr-chips" aria-label="The two creators">
            {[a, b].map((creator) => (
              <li key={creator.id}>
                <button type="button" className="pr-chip pr-chip--button" onClick={() => open(creator.id)}>
                  <CreatorPhoto
                    className="pr-chip__photo"
                    name={creator.name}
                    photo={creator.photo}
                    size={24}
                    decorative
                  />
                  {creator.name}
                </button>
              </li>
            ))}
          </ul>
          <FollowLink
            href={SHARE_ROUTES.pairFeed(a.id, b.id)}
            title={`${a.name} & ${b.name}: videos together`}
          />
          {first && latest ? (
            <dl className="pr-pair__dates">
              <div>
                <dt>First collaboration</dt>
                <dd>
                  <time dateTime={first}>{dayLabel(first)}</time>
                </dd>
              </div>
              <div>
                <dt>Latest collaboration</dt>
                <dd>
                  <time dateTime={latest}>{dayLabel(latest)}</time>
                </dd>
              </div>
            </dl>
          ) : (
            videos.length > 0 && <p className="pr-empty">No dated videos together</p>
          )}
          {inEvents && <p className="pr-pair__events">{inEvents}</p>}
        </div>
      </header>
      <VideoList
        videos={videos}
        currentIds={[a.id, b.id]}
        onOpen={open}
        onOpenEvent={(eventId) => navigate('event', { eventId })}
        title="Videos Together"
        badge={(video) => {
          const side = sideOf.get(video.id);
          return side ? (
            <span className={`pr-pill pr-pill--${side.side}`}>{collaborationSideLabel(side)}</span>
          ) : null;
        }}
        emptyText={`${a.name} and ${b.name} have no videos together`}
        actions={
          videos.length > 0 && (
            <ExportButtons title={`${title} videos`} rows={videos} columns={VIDEO_EXPORT_COLUMNS} />
          )
        }
      />
    </article>
  );
}
