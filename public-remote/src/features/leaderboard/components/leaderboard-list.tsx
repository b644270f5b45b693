import type { ReactNode } from 'react';
import {
  competitionRanks,
  countOf,
  type LeaderboardCount,
  type LeaderboardEntry,
  type RankedLeaderboardEntry,
} from '@friends/shared';
import { CreatorPhoto } from '../../../components/creator-photo';

const MEDALS = ['gold', 'silver', 'bronze'] as const;

/**
 * Ranks 1-3 get a medal drawn in SVG (an emoji needs an emoji font, which many systems lack), named
 * 'Rank n, gold medal' for assistive technology; the rest show '#n'.
 */
function Rank({ rank }: { rank: number }) {
  const medal = MEDALS[rank - 1];
  if (medal) {
    return (
      <span
        className={`pr-rank pr-medal pr-medal--${medal}`}
        role="img"
        aria-label={`Rank ${rank}, ${medal} medal`}
      >
        <svg viewBox="0 0 28 32" width="28" height="32" aria-hidden="true" focusable="false">
          <path className="pr-medal__ribbon" d="M7 0h6l4 11h-6z" />
          <path className="pr-medal__ribbon pr-medal__ribbon--back" d="M21 0h-6l-4 11h6z" />
          <circle className="pr-medal__disc" cx="14" cy="20" r="11" />
          <circle className="pr-medal__ring" cx="14" cy="20" r="8" />
          <text className="pr-medal__number" x="14" y="20" textAnchor="middle" dominantBaseline="central">
            {rank}
          </text>
        </svg>
      </span>
    );
  }
  return <span className="pr-rank">#{rank}</span>;
}

/** ▲/▼ with the places moved since the previous period, or 'new' when unranked then. */
function Movement({ rank, previousRank }: { rank: number; previousRank: number | null }) {
  if (previousRank === null) {
    return (
      <span className="pr-move pr-move--new" aria-label="new this period">
        new
      </span>
    );
  }
  const moved = previousRank - rank;
  if (moved === 0) {
    return (
      <span className="pr-move" aria-label="same rank as the previous period">
        =
      </span>
    );
  }
  const up = moved > 0;
  return (
    <span
      className={`pr-move ${up ? 'pr-move--up' : 'pr-move--down'}`}
      aria-label={`${up ? 'up' : 'down'} ${Math.abs(moved)} from #${previousRank}`}
    >
      {up ? '▲' : '▼'}
      {Math.abs(moved)}
    </span>
  );
}

interface LeaderboardListProps {
  title: string;
  /** The singular unit, 'collab' or 'person': "1 collab", "2 collabs", "1 person", "3 people". */
  unit: string;
  /** With previousRank (a period's lists) each row also shows how it moved. */
  entries: readonly (LeaderboardEntry | RankedLeaderboardEntry)[];
  onOpen: (id: number) => void;
}

/**
 * Tied counts share a rank (and so a medal): 5, 5, 3 rank 1, 1, 3. Names wrap rather than being cut,
 * so a long name is read whole at any width.
 */
function LeaderboardList({ title, unit, entries, onOpen }: LeaderboardListProps) {
  const ranks = competitionRanks(entries.map((entry) => entry.count));
  return (
    <section className="pr-board" aria-label={title}>
      <h3 className="pr-board__title">{title}</h3>
      {/* One element per row (a button), so a row reads and clicks as one thing. */}
      <div className="pr-board__list">
        {entries.map((entry, index) => (
          <button key={entry.id} type="button" className="pr-board__row" onClick={() => onOpen(entry.id)}>
            <Rank rank={ranks[index] ?? index + 1} />
            <CreatorPhoto
              className="pr-board__photo"
              name={entry.name}
              photo={entry.photo}
              size={40}
              decorative
            />
            <span className="pr-board__name">{entry.name}</span>
            <span className="pr-board__count">{countOf(entry.count, unit)}</span>
            {'previousRank' in entry && (
              <Movement rank={ranks[index] ?? index + 1} previousRank={entry.previousRank} />
            )}
          </button>
        ))}
      </div>
    </section>
  );
}

interface LeaderboardListsProps {
  board: {
    mostCollaborations: LeaderboardListProps['entries'];
    mostCollaborators: LeaderboardListProps['entries'];
  };
  /** What Most Collaborations counts: uploads ('collab') or collab events ('event'). */
  count: LeaderboardCount;
  onOpen: (id: number) => void;
  /** Shown after the two lists, in the same row (a period's new pairs). */
  children?: ReactNode;
}

/** A board's two lists side by side: Most Collaborations and Most Collaborators. */
export function LeaderboardLists({ board, count, onOpen, children }: LeaderboardListsProps) {
  return (
    <div className="pr-leaderboard__lists">
      <LeaderboardList
        title="Most Collaborations"
        unit={count === 'events' ? 'event' : 'collab'}
        entries={board.mostCollaborations}
        onOpen={onOpen}
      />
      <LeaderboardList
        title="Most Collaborators"
        unit="person"
        entries={board.mostCollaborators}
        onOpen={onOpen}
      />
      {children}
    </div>
  );
}
