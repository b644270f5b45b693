/**
 * A group's collaborations per year, inside it and across it, as stacked SVG bars (no chart library),
 * with the numbers in a table for screen readers and anyone who wants them exactly.
 */
import { fillYears } from '../utils/fill-years';
import type { GroupStats } from '@friends/shared';

const WIDTH = 640;
const HEIGHT = 140;

export function InsideAcrossChart({ stats }: { stats: GroupStats }) {
  const years = fillYears(stats);
  if (years.length === 0) return <p className="pr-empty">No dated collaborations of its members yet</p>;
  const max = Math.max(1, ...years.map((y) => y.inside + y.across));
  const inside = years.reduce((sum, y) => sum + y.inside, 0);
  const across = years.reduce((sum, y) => sum + y.across, 0);
  const slot = WIDTH / years.length;
  const bar = Math.max(2, Math.min(48, slot * 0.7));
  const first = years[0]!.year;
  const last = years[years.length - 1]!.year;
  const summary = `Collaborations by year from ${first} to ${last}: ${inside} inside the group, ${across} across it`;
  return (
    <figure className="pr-activity pr-inside-across">
      <ul className="pr-legend" aria-hidden="true">
        <li>
          <span className="pr-legend__swatch pr-legend__swatch--inside" /> Inside
        </li>
        <li>
          <span className="pr-legend__swatch pr-legend__swatch--across" /> Across
        </li>
      </ul>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="pr-activity__chart"
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        {years.map((year, index) => {
          const x = index * slot + (slot - bar) / 2;
          const insideHeight = (year.inside / max) * (HEIGHT - 4);
          const acrossHeight = (year.across / max) * (HEIGHT - 4);
          return (
            <g key={year.year}>
              <title>{`${year.year}: ${year.inside} inside, ${year.across} across`}</title>
              <rect
                className="pr-inside-across__inside"
                x={x}
                y={HEIGHT - insideHeight}
                width={bar}
                height={insideHeight}
              />
              <rect
                className="pr-inside-across__across"
                x={x}
                y={HEIGHT - insideHeight - acrossHeight}
                width={bar}
                height={acrossHeight}
              />
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="pr-activity__axis" />
      </svg>
      <figcaption className="pr-activity__caption">
        <span>{first}</span>
        <span>
          {inside} inside, {across} across
        </span>
        <span>{last}</span>
      </figcaption>
      <details className="pr-activity__numbers">
        <summary>Show the numbers</summary>
        <table>
          <caption>Collaborations by year</caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">Inside</th>
              <th scope="col">Across</th>
            </tr>
          </thead>
          <tbody>
            {years.map((year) => (
              <tr key={year.year}>
                <th scope="row">{year.year}</th>
                <td>{year.inside}</td>
                <td>{year.across}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
