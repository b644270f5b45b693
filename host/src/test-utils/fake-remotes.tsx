/**
 * Stand-ins for the remotes' exposed views, so host tests can load "remotes" without a federation
 * runtime. Each shows a heading and the props it was given.
 */
import type { ReactNode } from 'react';
import type { CreatorListItem, RemoteViewProps } from '@friends/shared';
import type { RemoteModuleId } from '../lib/federation';

const sample = { id: 7, name: 'Sample Creator' } as CreatorListItem;

function view(title: string) {
  return function FakeView({ isAdmin }: RemoteViewProps) {
    return (
      <section>
        <h2>{title}</h2>
        <p>{isAdmin ? 'as admin' : 'as visitor'}</p>
      </section>
    );
  };
}

function SearchView({
  navigate,
  toolbarExtras,
  cardExtras,
}: RemoteViewProps & { toolbarExtras?: ReactNode; cardExtras?: (creator: CreatorListItem) => ReactNode }) {
  return (
    <section>
      <h2>All Creators (1)</h2>
      {toolbarExtras}
      <button type="button" onClick={() => navigate('author-page', { creatorId: 7 })}>
        Open Sample Creator
      </button>
      {cardExtras?.(sample)}
    </section>
  );
}

function CreatorView({ params, navigate }: RemoteViewProps) {
  return (
    <section>
      <h2>Creator {params.creatorId}</h2>
      <button type="button" onClick={() => navigate('search')}>
        Back to Search
      </button>
    </section>
  );
}

function PairView({ params, navigate }: RemoteViewProps) {
  return (
    <section>
      <h2>Pair {params.pairIds?.join(' × ')}</h2>
      <button type="button" onClick={() => navigate('author-page', { creatorId: params.pairIds?.[1] })}>
        Open second creator
      </button>
    </section>
  );
}

function GroupView({ params }: RemoteViewProps) {
  return (
    <section>
      <h2>Group {params.groupId}</h2>
    </section>
  );
}

function EventView({ params }: RemoteViewProps) {
  return (
    <section>
      <h2>Event {params.eventId}</h2>
    </section>
  );
}

function SearchAdminExtras({
  children,
}: RemoteViewProps & {
  children: (slots: { toolbar: ReactNode; cardExtras: (creator: CreatorListItem) => ReactNode }) => ReactNode;
}) {
  return children({
    toolbar: <button type="button">Merge Mode</button>,
    cardExtras: (creator) => <button type="button">Edit {creator.name}</button>,
  });
}

export const FAKE_REMOTES: Record<RemoteModuleId, { default: unknown }> = {
  'public_remote/SearchView': { default: SearchView },
  'public_remote/LeaderboardView': { default: view('Collaboration Leaderboard') },
  'public_remote/CreatorView': { default: CreatorView },
  'public_remote/PairView': { default: PairView },
  'public_remote/GroupView': { default: GroupView },
  'public_remote/EventView': { default: EventView },
  'admin_remote/VideosView': { default: view('Manage Videos') },
  'admin_remote/SuggestionsView': { default: view('Video Suggestions') },
  'admin_remote/ReviewView': { default: view('Review') },
  'admin_remote/CreatorsView': { default: view('Manage Creators') },
  'admin_remote/GroupsView': { default: view('Groups') },
  'admin_remote/AnalyticsView': { default: view('Analytics') },
  'admin_remote/HistoryView': { default: view('History') },
  'admin_remote/SearchAdminExtras': { default: SearchAdminExtras },
};

export const ALL_REMOTE_MODULES = Object.keys(FAKE_REMOTES) as RemoteModuleId[];
