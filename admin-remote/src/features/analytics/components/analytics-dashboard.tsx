/**
 * 'Analytics' (SPEC.md §2 stats): three totals, the most-connected chart, and one card per creator
 * with at least one video (the API only returns those), each with a 'View Profile' link.
 */
import type { MouseEvent } from 'react';
import {
  defaultAvatarUrl,
  type CreatorAnalytics,
  type Navigate,
  type RemoteViewProps,
} from '@friends/shared';
import { IncrementalList } from '../../../components/incremental-list';
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
  // A real link (the host mirrors the view into ?creator=<id>, DESIGN.md departure 8), so it can be
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

export function AnalyticsDashboard({ navigate }: RemoteViewProps) {
  const stats = useStats();
  const data = stats.data;

  return (
    <div className="admin-view admin-analytics">
      <h2 className="admin-view__title">Analytics</h2>
      {stats.isPending ? (
        <p className="admin-muted">Loading analytics…</p>
      ) : stats.isError || !data ? (
        <p className="admin-muted">Could not load analytics.</p>
      ) : (
        <>
          <div className="admin-stats" role="group" aria-label="Totals">
            <StatCard label="Total Creators" value={data.totalCreators} />
            <StatCard label="Total Videos" value={data.totalVideos} />
            <StatCard label="Collaborations" value={data.collaborations} />
          </div>
          <Section title="Most Connected Creators">
            <ConnectionsChart creators={data.creators} />
          </Section>
          <ActivityChart />
          <Section title={`Creators (${data.creators.length})`}>
            {data.creators.length === 0 ? (
              <p className="admin-muted">No creators with videos yet</p>
            ) : (
              <IncrementalList
                items={data.creators}
                getKey={(creator) => creator.id}
                renderItem={(creator) => <CreatorCard creator={creator} navigate={navigate} />}
                label="Creator statistics"
                pageSize={60}
                className="admin-scroll--tall admin-creator-stats-list"
              />
            )}
          </Section>
        </>
      )}
    </div>
  );
}
