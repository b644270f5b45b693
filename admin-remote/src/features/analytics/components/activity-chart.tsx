/** 'Collaborations per Month': one SVG bar per month (empty months as 0), with a readable summary. */
import { activitySummary, fillActivityMonths, formatMonth } from '@friends/shared';
import { Section } from '../../../components/section';
import { useActivity } from '../api/get-activity';

const WIDTH = 640;
const HEIGHT = 120;
const monthLabel = formatMonth;

export function ActivityChart() {
  const activity = useActivity();
  const months = fillActivityMonths(activity.data ?? []);
  const max = Math.max(1, ...months.map((month) => month.count));
  const slot = WIDTH / Math.max(1, months.length);
  const summary = `Collaborations per month: ${activitySummary(months)}`;
  return (
    <Section title="Collaborations per Month">
      {activity.isPending ? (
        <p className="admin-muted">Loading activity…</p>
      ) : activity.isError ? (
        <p className="admin-muted">Could not load the activity.</p>
      ) : months.length === 0 ? (
        <p className="admin-muted">No dated collaborations yet</p>
      ) : (
        <figure className="admin-activity">
          {/* Axis labels in HTML beside the stretched SVG, so their text is never distorted. */}
          <div className="admin-axes">
            <span className="admin-axes__y-title">Collaborations</span>
            <div className="admin-axes__y" aria-hidden="true">
              <span>{max}</span>
              <span>{Math.round(max / 2)}</span>
              <span>0</span>
            </div>
            <svg
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              role="img"
              aria-label={summary}
              preserveAspectRatio="none"
            >
              {months.map((month, index) => {
                const height = (month.count / max) * (HEIGHT - 4);
                return (
                  <rect
                    key={month.month}
                    x={index * slot + slot * 0.1}
                    y={HEIGHT - height}
                    width={Math.max(1, slot * 0.8)}
                    height={height}
                  >
                    <title>{`${monthLabel(month.month)}: ${month.count}`}</title>
                  </rect>
                );
              })}
            </svg>
            <div className="admin-axes__x" aria-hidden="true">
              <span>{monthLabel(months[0]!.month)}</span>
              {months.length > 2 ? (
                <span>{monthLabel(months[Math.floor(months.length / 2)]!.month)}</span>
              ) : null}
              <span>{monthLabel(months[months.length - 1]!.month)}</span>
            </div>
            <span className="admin-axes__x-title">Month</span>
          </div>
          <figcaption className="admin-muted">{summary}</figcaption>
          {/* The numbers behind the bars, for screen readers and anyone who wants them exactly. */}
          <details className="admin-activity__numbers">
            <summary>Show the numbers</summary>
            <table>
              <caption>Collaborations per month</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Collaborations</th>
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
      )}
    </Section>
  );
}
