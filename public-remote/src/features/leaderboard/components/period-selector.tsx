import { LEADERBOARD_PERIODS, PERIOD_LABELS, type LeaderboardPeriod } from '@friends/shared';

interface PeriodSelectorProps {
  value: LeaderboardPeriod;
  onChange: (period: LeaderboardPeriod) => void;
}

/** The period counted, as a radio group (arrow keys move between periods). */
export function PeriodSelector({ value, onChange }: PeriodSelectorProps) {
  return (
    <fieldset className="pr-periods">
      <legend className="pr-periods__legend">Period</legend>
      {LEADERBOARD_PERIODS.map((period) => (
        <label key={period} className="pr-periods__option">
          <input
            type="radio"
            name="leaderboard-period"
            value={period}
            checked={period === value}
            onChange={() => onChange(period)}
          />
          <span>{PERIOD_LABELS[period]}</span>
        </label>
      ))}
    </fieldset>
  );
}
