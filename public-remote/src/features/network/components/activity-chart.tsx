/** Collaborations per month as a small SVG bar chart (no chart library): one bar per month, gaps as 0. */
import { activitySummary, fillActivityMonths, formatMonth, type Activity } from '@friends/shared';

const WIDTH = 640;
const HEIGHT = 120;
const AXIS = 16;

export const monthLabel = formatMonth;

export function ActivityChart({ activity, title }: { activity: Activity; title: string }) {
  const months = fillActivityMonths(activity);
  if (months.length === 0) return <p className="pr-empty">No dated collaborations yet</p>;
  const max = Math.max(...months.map((month) => month.count));
  const slot = WIDTH / months.length;
  const bar = Math.max(1, slot * 0.8);
  const first = months[0]!;
  const last = months[months.length - 1]!;
  const summary = activitySummary(months);
  return (
    <figure className="pr-activity">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        className="pr-activity__chart"
        role="img"
        aria-label={`${title}: ${summary}`}
        preserveAspectRatio="none"
      >
        {months.map((month, index) => {
          const height = max === 0 ? 0 : (month.count / max) * (HEIGHT - 4);
          return (
            <rect
              key={month.month}
              className="pr-activity__bar"
              x={index * slot + (slot - bar) / 2}
              y={HEIGHT - height}
              width={bar}
              height={height}
            >
              <title>{`${monthLabel(month.month)}: ${month.count}`}</title>
            </rect>
          );
        })}
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="pr-activity__axis" />
      </svg>
      <figcaption className="pr-activity__caption">
        <span>{monthLabel(first.month)}</span>
        <span>{summary}</span>
        <span>{monthLabel(last.month)}</span>
      </figcaption>
      {/* The numbers behind the bars, for screen readers and anyone who wants them exactly. */}
      <details className="pr-activity__numbers">
        <summary>Show the numbers</summary>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                <td>{month.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
