/**
 * Collaborations per month, kept on write: `video_months` holds every dated collaborative video with
 * its month (YYYY-MM), date and event, and `collaboration_months` how many each month has, so the analytics chart of
 * every creator's activity reads a few hundred rows instead of every authorship (a second at 1,000,000
 * videos). The counts per period read a creator's dated collaborations from `video_months` too (a
 * narrow row per video where `videos` rows carry titles and addresses). Brought up to date with the other counts for the videos a change named (their author
 * counts first), and rebuilt with them.
 */
import type { EntityManager } from 'typeorm';
import { isCollaborationSql } from '../videos/collaboration-sql';
import { chunks, int, placeholders, rows } from '../database/sql';

/** Statements that replace every month count; run after the video counts are right. */
export const REBUILD_MONTH_COUNTS_SQL: readonly string[] = [
  'DELETE FROM video_months',
  'DELETE FROM collaboration_months',
  `INSERT INTO video_months (video_id, month, date, event_id)
   SELECT v.id, SUBSTR(v.date, 1, 7), v.date, v.event_id
     FROM videos v JOIN video_counts vc ON vc.video_id = v.id
    WHERE v.date <> '' AND ${isCollaborationSql('vc.authors')}`,
  `INSERT INTO collaboration_months (month, collaborations)
   SELECT month, COUNT(*) FROM video_months GROUP BY month`,
];

/** Moves the month counts by what the named videos' months (or collaboration) became. */
export async function refreshMonthCounts(manager: EntityManager, videoIds: Iterable<number>): Promise<void> {
  const delta = new Map<string, number>();
  const move = (month: string, by: number) => delta.set(month, (delta.get(month) ?? 0) + by);
  for (const part of chunks([...new Set(videoIds)])) {
    const list = placeholders(part.length);
    // `date|event` per video: a change of either replaces the row.
    const actual = new Map<number, string>();
    for (const row of await rows<{ id: number; date: string; event_id: number | null }>(
      manager,
      `SELECT v.id, v.date, v.event_id FROM videos v JOIN video_counts vc ON vc.video_id = v.id
        WHERE v.id IN ${list} AND v.date <> '' AND ${isCollaborationSql('vc.authors')}`,
      part,
    ))
      actual.set(int(row.id), `${String(row.date)}|${row.event_id === null ? '' : int(row.event_id)}`);
    const stored = new Map<number, string>();
    for (const row of await rows<{ video_id: number; date: string; event_id: number | null }>(
      manager,
      `SELECT video_id, date, event_id FROM video_months WHERE video_id IN ${list}`,
      part,
    ))
      stored.set(int(row.video_id), `${String(row.date)}|${row.event_id === null ? '' : int(row.event_id)}`);
    const stale: number[] = [];
    const fresh: (string | number | null)[] = [];
    for (const id of part) {
      const before = stored.get(id);
      const now = actual.get(id);
      if (before === now) continue;
      if (before !== undefined) {
        stale.push(id);
        move(before.slice(0, 7), -1);
      }
      if (now !== undefined) {
        const [date, event] = now.split('|') as [string, string];
        fresh.push(id, date.slice(0, 7), date, event === '' ? null : Number(event));
        move(date.slice(0, 7), 1);
      }
    }
    if (stale.length > 0)
      await manager.query(`DELETE FROM video_months WHERE video_id IN ${placeholders(stale.length)}`, stale);
    for (const slice of chunks(fresh, 400))
      await manager.query(
        `INSERT INTO video_months (video_id, month, date, event_id) VALUES ${new Array<string>(slice.length / 4).fill('(?, ?, ?, ?)').join(', ')}`,
        slice,
      );
  }
  for (const [month, by] of delta) {
    if (by === 0) continue;
    const [found] = await rows<{ collaborations: number }>(
      manager,
      'SELECT collaborations FROM collaboration_months WHERE month = ?',
      [month],
    );
    if (found)
      await manager.query(
        'UPDATE collaboration_months SET collaborations = collaborations + ? WHERE month = ?',
        [by, month],
      );
    else
      await manager.query('INSERT INTO collaboration_months (month, collaborations) VALUES (?, ?)', [
        month,
        by,
      ]);
  }
}
