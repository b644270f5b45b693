import { LEADERBOARD_COUNTS, type LeaderboardCount } from '@friends/shared';

const LABELS: Record<LeaderboardCount, string> = { videos: 'Videos', events: 'Events' };

interface CountSelectorProps {
  value: LeaderboardCount;
  onChange: (count: LeaderboardCount) => void;
}

/**
 * What 'Most Collaborations' counts, as a radio group (arrow keys move between the two): every
 * collaborative video, or each collab event once (docs/product.md "Counting by event").
 */
export function CountSelector({ value, onChange }: CountSelectorProps) {
  return (
    <fieldset className="pr-periods">
      <legend className="pr-periods__legend">Count</legend>
      {LEADERBOARD_COUNTS.map((count) => (
        <label key={count} className="pr-periods__option">
          <input
            type="radio"
            name="leaderboard-count"
            value={count}
            checked={count === value}
            onChange={() => onChange(count)}
          />
          <span>{LABELS[count]}</span>
        </label>
      ))}
    </fieldset>
  );
}
