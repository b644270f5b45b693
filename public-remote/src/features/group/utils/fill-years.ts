import type { GroupStats } from '@friends/shared';

/** The years from the first to the last of `stats`, the missing ones as 0 (a chart's even axis). */
export function fillYears(stats: GroupStats): GroupStats {
  if (stats.length === 0) return [];
  const byYear = new Map(stats.map((row) => [row.year, row]));
  const first = stats[0]!.year;
  const last = stats[stats.length - 1]!.year;
  const years: GroupStats = [];
  for (let year = first; year <= last; year++) years.push(byYear.get(year) ?? { year, inside: 0, across: 0 });
  return years;
}
