/**
 * A group's members on a timeline: one row per creator, one bar per membership period between the
 * group's first start and today (an open period reaches today), with the years written beside the name.
 * Plain positioned boxes (no chart library), so the rows reflow at any width.
 */
import { formatDay, periodYears, utcDay, type GroupMember, type MembershipPeriod } from '@friends/shared';

interface MemberRow {
  creatorId: number;
  name: string;
  periods: MembershipPeriod[];
}

/** The periods by creator, in the order creators first joined. */
function byCreator(members: readonly GroupMember[]): MemberRow[] {
  const rows = new Map<number, MemberRow>();
  for (const member of members) {
    const row = rows.get(member.creatorId) ?? { creatorId: member.creatorId, name: member.name, periods: [] };
    row.periods.push({ from: member.from, to: member.to });
    rows.set(member.creatorId, row);
  }
  return [...rows.values()];
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

const periodText = (period: MembershipPeriod) =>
  period.to === null
    ? `since ${formatDay(period.from)}`
    : `from ${formatDay(period.from)} to ${formatDay(period.to)}`;

export function MemberTimeline({
  members,
  onOpen,
  today = utcDay(),
}: {
  members: readonly GroupMember[];
  onOpen: (creatorId: number) => void;
  today?: string;
}) {
  if (members.length === 0) return <p className="pr-empty">No members yet</p>;
  const rows = byCreator(members);
  const start = dayNumber(members.reduce((min, m) => (m.from < min ? m.from : min), members[0]!.from));
  const ends = members.map((m) => m.to ?? today);
  const end = Math.max(dayNumber(today), ...ends.map(dayNumber));
  const span = Math.max(1, end - start + 1);
  const place = (period: MembershipPeriod) => {
    const from = dayNumber(period.from) - start;
    const to = dayNumber(period.to ?? today) - start + 1;
    return { left: `${(from / span) * 100}%`, width: `${Math.max(0.5, ((to - from) / span) * 100)}%` };
  };
  const firstYear = new Date(start * 86_400_000).getUTCFullYear();
  const lastYear = new Date(end * 86_400_000).getUTCFullYear();
  return (
    <figure className="pr-timeline">
      <ul className="pr-timeline__rows" aria-label="Members">
        {rows.map((row) => (
          <li key={row.creatorId} className="pr-timeline__row">
            <div className="pr-timeline__label">
              <button type="button" className="pr-link-button" onClick={() => onOpen(row.creatorId)}>
                {row.name}
              </button>
              <span className="pr-timeline__years">{row.periods.map(periodYears).join(', ')}</span>
              <span className="pr-visually-hidden">
                {`: member ${row.periods.map(periodText).join(', and ')}`}
              </span>
            </div>
            <div className="pr-timeline__track" aria-hidden="true">
              {row.periods.map((period) => (
                <span
                  key={period.from}
                  className={`pr-timeline__bar${period.to === null ? ' pr-timeline__bar--open' : ''}`}
                  style={place(period)}
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
      <figcaption className="pr-timeline__axis">
        <span>{firstYear}</span>
        <span>{lastYear === new Date(`${today}T00:00:00Z`).getUTCFullYear() ? 'today' : lastYear}</span>
      </figcaption>
    </figure>
  );
}
