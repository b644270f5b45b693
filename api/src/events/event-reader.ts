import type { CollabEvent, EventVideo } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { int, rows, rowsWhereIn } from '../database/sql';

/** An event with its uploads (oldest first, undated last) and every author once; null when unknown. */
export async function readEvent(manager: EntityManager, id: number): Promise<CollabEvent | null> {
  const [event] = await rows<{ id: number; title: string; evidence: string | null }>(
    manager,
    'SELECT id, title, evidence FROM events WHERE id = ?',
    [id],
  );
  if (!event) return null;
  const videos = await rows<{ id: number; title: string; url: string; date: string }>(
    manager,
    `SELECT id, title, url, date FROM videos WHERE event_id = ?
      ORDER BY CASE WHEN date = '' THEN 1 ELSE 0 END, date, id`,
    [id],
  );
  const authorRows = await rows<{ video_id: number; creator_id: number }>(
    manager,
    `SELECT va.video_id, va.creator_id FROM video_authors va JOIN videos v ON v.id = va.video_id
      WHERE v.event_id = ? ORDER BY va.video_id, va.position`,
    [id],
  );
  const byVideo = new Map<number, number[]>();
  for (const row of authorRows)
    byVideo.set(int(row.video_id), [...(byVideo.get(int(row.video_id)) ?? []), int(row.creator_id)]);
  const items: EventVideo[] = videos.map((video) => ({
    id: int(video.id),
    title: video.title,
    url: video.url,
    date: video.date,
    authorIds: byVideo.get(int(video.id)) ?? [],
  }));
  const authorIds = [...new Set(items.flatMap((video) => video.authorIds))];
  const names = new Map<number, string>();
  for (const row of await rowsWhereIn<{ id: number; name: string }>(
    manager,
    'id',
    authorIds,
    (where) => `SELECT id, name FROM creators ${where}`,
  ))
    names.set(int(row.id), row.name);
  return {
    id: int(event.id),
    title: event.title,
    date: videos.find((video) => video.date)?.date ?? '',
    videos: items,
    authorIds,
    authors: authorIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    evidence: event.evidence ?? '',
  };
}
