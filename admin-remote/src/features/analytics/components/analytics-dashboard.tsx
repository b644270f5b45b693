/**
 * 'Analytics' (docs/product.md §2 stats): three totals, the most-connected chart, and one card per creator
 * with at least one video (the API only returns those), each with a 'View Profile' link. The cards
 * arrive a page at a time (GET /api/stats?offset=), fetched as the list's end comes into view.
 */
import { useMemo, type MouseEvent } from 'react';
import {
  defaultAvatarUrl,
  type Analytics,
  type CreatorAnalytics,
  type Navigate,
  type RemoteViewProps,
} from '@friends/shared';
import { PagedList } from '../../../components/paged-list';
import { Section } from '../../../components/section';
import { useStats } from '../api/get-stats';
import { ActivityChart } from './activity-chart';
import { ConnectionsChart } from './connections-chart';
import './analytics.css';

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="admin-stat">
      <span className="admin-stat__value">{value.toLocaleString()}</span>
      <span className="admin-stat__label">{label}</span>
    </div>
  );
}

function CreatorCard({ creator, navigate }: { creator: CreatorAnalytics; navigate: Navigate }) {
  const { stats } = creator;
  // A real link (the host mirrors the view into ?creator=<id>, docs/architecture.md "Deliberate departures" 8), so it can be
  // opened in a new tab; a plain click navigates inside the app.
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate('author-page', { creatorId: creator.id });
  };
  return (
    <article className="admin-creator-stats" aria-label={creator.name}>
      <header className="admin-creator-stats__header">
        <img
          src={creator.photo || defaultAvatarUrl(creator.name)}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          className="admin-creator-stats__photo"
        />
        <h4>{creator.name}</h4>
      </header>
      <dl className="admin-creator-stats__figures">
        <div>
          <dt>Total Videos</dt>
          <dd>{stats.totalVideos}</dd>
        </div>
        <div>
          <dt>Solo Videos</dt>
          <dd>{stats.soloVideos}</dd>
        </div>
        <div>
          <dt>Collaborations</dt>
          <dd>{stats.collaborations}</dd>
        </div>
        <div>
          <dt>Unique Collaborators</dt>
          <dd>{stats.collaborators}</dd>
        </div>
      </dl>
      <a href={`?creator=${creator.id}`} onClick={open} className="admin-creator-stats__link">
        View Profile
      </a>
    </article>
  );
}

/** The loaded pages' rows, each creator once (a write between two pages can shift a row across them). */
function loadedRows(pages: readonly Analytics[]): CreatorAnalytics[] {
  const seen = new Set<number>();
  const rows: CreatorAnalytics[] = [];
  for (const creator of pages.flatMap((page) => page.creators)) {
    if (seen.has(creator.id)) continue;
    seen.add(creator.id);
    rows.push(creator);
  }
  return rows;
}

export function AnalyticsDashboard({ navigate }: RemoteViewProps) {
  const stats = useStats();
  const pages = stats.data?.pages;
  // The latest page carries the newest totals.
  const data = pages?.[pages.length - 1];
  const creators = useMemo(() => loadedRows(pages ?? []), [pages]);
  const loadMore = () => {
    if (stats.hasNextPage && !stats.isFetchingNextPage) void stats.fetchNextPage();
  };

  return (
    <div className="admin-view admin-analytics">
      <h2 className="admin-view__title">Analytics</h2>
      {stats.isPending ? (
        <p className="admin-muted">Loading analytics…</p>
      ) : !data ? (
        <p className="admin-muted">Could not load analytics.</p>
      ) : (
        <>
          <div className="admin-stats" role="group" aria-label="Totals">
            <StatCard label="Total Creators" value={data.totalCreators} />
            <StatCard label="Total Videos" value={data.totalVideos} />
            <StatCard label="Collaborations" value={data.collaborations} />
          </div>
          <Section title="Most Connected Creators">
            <ConnectionsChart entries={data.mostConnected} />
          </Section>
          <ActivityChart />
          <Section title={`Creators (${data.creatorsWithVideos})`}>
            {creators.length === 0 ? (
              <p className="admin-muted">No creators with videos yet</p>
            ) : (
              <>
                <PagedList
                  items={creators}
                  getKey={(creator) => creator.id}
                  renderItem={(creator) => <CreatorCard creator={creator} navigate={navigate} />}
                  label="Creator statistics"
                  total={data.creatorsWithVideos}
                  hasMore={stats.hasNextPage}
                  loadMore={loadMore}
                  loading={stats.isFetchingNextPage}
                  className="admin-scroll--tall admin-creator-stats-list"
                />
                {stats.isFetchNextPageError ? (
                  <p className="admin-muted" role="alert">
                    Could not load more creators.
                  </p>
                ) : null}
              </>
            )}
          </Section>
        </>
      )}
    </div>
  );
}
