import type { AuthorRef, Video } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { chunks, int, placeholders, rows, rowsWhereIn } from '../database/sql';

interface VideoRow {
  id: number;
  title: string;
  url: string;
  date: string;
}
interface AuthorRow {
  video_id: number;
  creator_id: number;
  name: string;
}

/** Attaches the ordered authors (ids and names) to video rows, keeping the rows' order. */
async function withAuthors(
  manager: EntityManager,
  videos: VideoRow[],
  allAuthors: boolean,
): Promise<Video[]> {
  const authorRows = await rowsWhereIn<AuthorRow>(
    manager,
    'va.video_id',
    allAuthors ? undefined : videos.map((video) => int(video.id)),
    (where) => `SELECT va.video_id, va.creator_id, c.name
                  FROM video_authors va JOIN creators c ON c.id = va.creator_id
                 ${where} ORDER BY va.video_id, va.position`,
  );
  const authors = new Map<number, AuthorRef[]>();
  for (const row of authorRows) {
    const videoId = int(row.video_id);
    const list = authors.get(videoId) ?? [];
    list.push({ id: int(row.creator_id), name: row.name });
    authors.set(videoId, list);
  }
  return videos.map((row) => {
    const list = authors.get(int(row.id)) ?? [];
    return {
      id: int(row.id),
      title: row.title,
      url: row.url,
      date: row.date,
      authorIds: list.map((author) => author.id),
      authors: list,
    };
  });
}

/** Every video, by id. */
export async function readAllVideos(manager: EntityManager): Promise<Video[]> {
  return withAuthors(
    manager,
    await rows<VideoRow>(manager, 'SELECT id, title, url, date FROM videos ORDER BY id'),
    true,
  );
}

/** The given videos (missing ids are absent), by id. */
export async function readVideosById(manager: EntityManager, ids: readonly number[]): Promise<Video[]> {
  const found: VideoRow[] = [];
  for (const part of chunks(ids)) {
    found.push(
      ...(await rows<VideoRow>(
        manager,
        `SELECT id, title, url, date FROM videos WHERE id IN ${placeholders(part.length)} ORDER BY id`,
        part,
      )),
    );
  }
  return withAuthors(manager, found, false);
}

/** A creator's videos, newest first by date (undated last), then newest added first. */
export async function readCreatorVideos(manager: EntityManager, creatorId: number): Promise<Video[]> {
  const videos = await rows<VideoRow>(
    manager,
    `SELECT v.id, v.title, v.url, v.date
       FROM video_authors mine JOIN videos v ON v.id = mine.video_id
      WHERE mine.creator_id = ?
      ORDER BY v.date DESC, v.id DESC`,
    [creatorId],
  );
  return withAuthors(manager, videos, false);
}
