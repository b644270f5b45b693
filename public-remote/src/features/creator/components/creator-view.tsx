/**
 * docs/product.md §2 author-page. When the requested id was merged away the API answers with the primary; the
 * host then rewrites the address to the primary's id.
 */
import { Fragment, useCallback, useState, type ReactNode } from 'react';
import {
  SHARE_ROUTES,
  VIDEO_EXPORT_COLUMNS,
  type CreatorProfile,
  type RemoteViewProps,
} from '@friends/shared';
import { CreatorPhoto } from '../../../components/creator-photo';
import { ExportButtons } from '../../../components/export-buttons';
import { FollowLink } from '../../../components/follow-link';
import { SafeLink, displayUrl } from '../../../components/safe-link';
import { BackToSearch, ViewStatus, type ViewStatusText } from '../../../components/view-status';
import { VideoList } from '../../../components/video-list';
import { ApiClientError } from '@friends/web/api-client';
import { useCreatorProfile } from '../api/get-creator-profile';
import { getAllCreatorVideos, useCreatorVideos } from '../api/get-creator-videos';
import { CreatorStats } from './creator-stats';
import { FrequentCollaborators } from './frequent-collaborators';
import { Memberships } from './memberships';
import { SocialLinks } from './social-links';

/** What the page says while it has no creator to show. */
const STATUS_TEXT: ViewStatusText = {
  notFound: 'This creator could not be found.',
  error: 'This creator could not be loaded. Please try again later.',
  loading: 'Loading creator',
};

export interface CreatorViewProps extends RemoteViewProps {
  /** Rendered between the collaborators and the videos (the page puts activity and the network there). */
  extras?: (profile: CreatorProfile) => ReactNode;
}

export function CreatorView({ navigate, params, extras }: CreatorViewProps) {
  const { data, isPending, error } = useCreatorProfile(params.creatorId);
  const open = (creatorId: number) => navigate('author-page', { creatorId });
  // The profile holds the first page of videos; the rest load once the visitor asks for more.
  const creatorId = data?.creator.id ?? 0;
  const [moreFor, setMoreFor] = useState<number | null>(null);
  const more = useCreatorVideos(
    creatorId,
    data?.videos.length ?? 0,
    data !== undefined && moreFor === creatorId,
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = more;
  const loadMore = useCallback(() => {
    if (moreFor !== creatorId) setMoreFor(creatorId);
    else if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [moreFor, creatorId, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const exportRows = useCallback(() => getAllCreatorVideos(creatorId), [creatorId]);

  const notFound =
    params.creatorId === undefined || (error instanceof ApiClientError && error.status === 404);
  if (notFound || error || isPending) {
    return <ViewStatus navigate={navigate} notFound={notFound} error={error} text={STATUS_TEXT} />;
  }

  const { creator, stats, frequentCollaborators, videosTotal, memberships, collaborationEvents } = data;
  const videos =
    moreFor === creator.id && more.data
      ? [...data.videos, ...more.data.pages.flatMap((page) => page.items)]
      : data.videos;
  return (
    <article className="pr-creator">
      <BackToSearch navigate={navigate} />
      <header className="pr-profile">
        <CreatorPhoto className="pr-profile__photo" name={creator.name} photo={creator.photo} size={112} />
        <div className="pr-profile__body">
          <h2 className="pr-profile__name">{creator.name}</h2>
          {creator.otherNames.length > 0 && (
            <p className="pr-profile__other-names">
              <span className="pr-visually-hidden">Also known as: </span>
              {/* The separator stays outside each name's span: its lang and a screen reader see the name alone. */}
              {creator.otherNames.map((other, index) => (
                <Fragment key={`${other.name}-${index}`}>
                  {index > 0 && ' · '}
                  <span lang={other.lang}>{other.name}</span>
                </Fragment>
              ))}
            </p>
          )}
          {creator.channel && (
            <SafeLink className="pr-profile__channel" url={creator.channel}>
              {displayUrl(creator.channel)}
            </SafeLink>
          )}
          <SocialLinks links={creator.socialLinks} />
          <FollowLink href={SHARE_ROUTES.creatorFeed(creator.id)} title={`${creator.name}: collaborations`} />
        </div>
      </header>
      <CreatorStats stats={stats} collaborationEvents={collaborationEvents} />
      <Memberships
        memberships={memberships ?? []}
        onOpenGroup={(groupId) => navigate('group', { groupId })}
      />
      <FrequentCollaborators
        creatorId={creator.id}
        collaborators={frequentCollaborators}
        onOpen={open}
        onOpenPair={(otherId) => navigate('pair', { pairIds: [creator.id, otherId] })}
      />
      {extras?.(data)}
      {/* Keyed by creator: another creator's page starts again from one page of videos. */}
      <VideoList
        key={creator.id}
        videos={videos}
        total={videosTotal}
        onLoadMore={loadMore}
        currentIds={[creator.id]}
        onOpen={open}
        onOpenEvent={(eventId) => navigate('event', { eventId })}
        actions={
          <ExportButtons
            title={`${creator.name} videos`}
            rows={videosTotal > data.videos.length ? exportRows : data.videos}
            columns={VIDEO_EXPORT_COLUMNS}
          />
        }
      />
    </article>
  );
}
