/**
 * The group page (docs/product.md "Groups"), `?group=<id>`: name and kind, the members with their years
 * on a timeline, and the collaborations inside and across it by year. The page adds the group's board
 * (`extras`), which belongs to the leaderboard feature.
 */
import type { ReactNode } from 'react';
import {
  GROUP_KIND_LABELS,
  SHARE_ROUTES,
  countOf,
  groupFeedTitle,
  type Group,
  type RemoteViewProps,
} from '@friends/shared';
import { ApiClientError } from '@friends/web/api-client';
import { FollowLink } from '../../../components/follow-link';
import { Spinner } from '../../../components/spinner';
import { BackToSearch, ViewStatus, type ViewStatusText } from '../../../components/view-status';
import { useGroup } from '../api/get-group';
import { useGroupStats } from '../api/get-group-stats';
import { InsideAcrossChart } from './inside-across-chart';
import { MemberTimeline } from './member-timeline';

/** What the page says while it has no group to show. */
const STATUS_TEXT: ViewStatusText = {
  notFound: 'This group could not be found.',
  error: 'This group could not be loaded. Please try again later.',
  loading: 'Loading group',
};

export interface GroupViewProps extends RemoteViewProps {
  /** Rendered after the chart (the page puts the group's board there). */
  extras?: (group: Group) => ReactNode;
}

function GroupStatsSection({ groupId }: { groupId: number }) {
  const { data, isPending, isError } = useGroupStats(groupId);
  return (
    <section className="pr-section" aria-labelledby="pr-group-stats-title">
      <h3 id="pr-group-stats-title" className="pr-section__title">
        Collaborations inside and across
      </h3>
      <p className="pr-section__hint">
        Per year, the videos its members made with others: inside when every author was a member on the
        video&apos;s date, across otherwise.
      </p>
      {isPending ? (
        <Spinner label="Loading collaborations" />
      ) : isError ? (
        <p className="pr-banner pr-banner--error" role="alert">
          The collaborations could not be loaded. Please try again later.
        </p>
      ) : (
        <InsideAcrossChart stats={data} />
      )}
    </section>
  );
}

export function GroupView({ navigate, params, extras }: GroupViewProps) {
  const { data, isPending, error } = useGroup(params.groupId);
  const open = (creatorId: number) => navigate('author-page', { creatorId });
  const notFound = params.groupId === undefined || (error instanceof ApiClientError && error.status === 404);
  if (notFound || error || isPending) {
    return <ViewStatus navigate={navigate} notFound={notFound} error={error} text={STATUS_TEXT} />;
  }

  const creators = new Set(data.members.map((member) => member.creatorId)).size;
  return (
    <article className="pr-creator pr-group">
      <BackToSearch navigate={navigate} />
      <header className="pr-profile">
        <div className="pr-profile__body">
          <h2 className="pr-profile__name">{data.name}</h2>
          <p className="pr-group__kind">
            <span className="pr-pill pr-pill--kind">{GROUP_KIND_LABELS[data.kind]}</span>{' '}
            {countOf(creators, 'member')} over time
          </p>
          <FollowLink href={SHARE_ROUTES.groupFeed(data.id)} title={groupFeedTitle(data.name)} />
        </div>
      </header>
      <section className="pr-section" aria-labelledby="pr-group-members-title">
        <h3 id="pr-group-members-title" className="pr-section__title">
          Members
        </h3>
        <MemberTimeline members={data.members} onOpen={open} />
      </section>
      <GroupStatsSection groupId={data.id} />
      {extras?.(data)}
    </article>
  );
}
