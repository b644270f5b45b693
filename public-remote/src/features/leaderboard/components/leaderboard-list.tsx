import type { LeaderboardEntry } from '@friends/shared';
import { CreatorPhoto } from '../../../components/creator-photo';

const MEDALS = ['🥇', '🥈', '🥉'] as const;
const MEDAL_NAMES = ['1st place', '2nd place', '3rd place'] as const;

function Rank({ rank }: { rank: number }) {
  const medal = MEDALS[rank - 1];
  if (medal) {
    return (
      <span className="pr-rank pr-rank--medal" role="img" aria-label={MEDAL_NAMES[rank - 1]}>
        {medal}
      </span>
    );
  }
  return <span className="pr-rank">#{rank}</span>;
}

interface LeaderboardListProps {
  title: string;
  /** 'collabs' or 'people'. */
  unit: string;
  entries: readonly LeaderboardEntry[];
  onOpen: (id: number) => void;
}

export function LeaderboardList({ title, unit, entries, onOpen }: LeaderboardListProps) {
  return (
    <section className="pr-board" aria-label={title}>
      <h3 className="pr-board__title">{title}</h3>
      {/* One element per row (a button), so a row reads and clicks as one thing. */}
      <div className="pr-board__list">
        {entries.map((entry, index) => (
          <button key={entry.id} type="button" className="pr-board__row" onClick={() => onOpen(entry.id)}>
            <Rank rank={index + 1} />
            <CreatorPhoto
              className="pr-board__photo"
              name={entry.name}
              photo={entry.photo}
              size={40}
              decorative
            />
            <span className="pr-board__name">{entry.name}</span>
            <span className="pr-board__count">
              {entry.count} {unit}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
