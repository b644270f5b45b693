/**
 * Collab events at import (docs/product.md "Collab events"): after a request's uploads are written, the
 * shared rules (importGroupings) decide which of them belong with each other or with uploads already in
 * the catalogue. Strong groupings (a description links the other upload and they share an author) are
 * applied at once with their evidence; weak ones (published within 48 hours, each crediting the other's
 * uploader) are filed for review. Both go into the import run's history entry, so one Undo takes the run
 * back whole.
 *
 * The catalogue keeps no descriptions nor publication times, so the neighbours that could pair with the
 * new uploads (YouTube videos sharing an author, dated within the longest window) are read again from
 * the Data API, 50 per call; without an answer they still pair by date and credits, not by links.
 */
import { Injectable, Logger } from '@nestjs/common';
import {
  canonicalVideoUrl,
  extractVideoId,
  importGroupings,
  LINKED_UPLOADS_WINDOW_DAYS,
  linkedVideoKeys,
  type EventUpload,
} from '@friends/shared';
import type { RecordedChange } from '../changes/change';
import { ChangesService } from '../changes/changes.service';
import { chunks, int, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { EventsService } from '../events/events.service';
import { videoUrlKey } from '../videos/videos.service';
import { YouTubeClient } from './youtube-client';

/** One upload an import request just wrote. */
export interface ImportedUpload {
  videoId: number;
  youtubeId: string;
  title: string;
  description: string;
  publishedAt: string;
  uploaderId: number;
  authorIds: number[];
}

export interface ImportEventsResult {
  /** Events made or joined. */
  grouped: number;
  /** Weak groupings filed for review. */
  proposed: number;
}

/** Catalogue uploads read again at most per request (10 Data API calls). */
const MAX_NEIGHBOURS = 500;
/** Snippets of uploads this process imported, kept so the next request of a run need not read them again. */
const SNIPPET_MEMORY = 5000;

/** What the grouping needs of an upload's snippet (its description only as the links it holds). */
interface Snippet {
  publishedAt: string;
  title: string;
  linkedKeys: string[];
}

const snippetOf = (v: { publishedAt: string; title: string; description: string }): Snippet => ({
  publishedAt: v.publishedAt,
  title: v.title,
  linkedKeys: linkedVideoKeys(v.description),
});
const DAY_MS = 86_400_000;

@Injectable()
export class ImportEvents {
  private readonly logger = new Logger(ImportEvents.name);
  /** YouTube id → snippet, oldest first (a Map keeps insertion order), at most SNIPPET_MEMORY. */
  private readonly known = new Map<string, Snippet>();

  /** Remembers the snippets an import read, for the neighbours of its next requests. */
  remember(videos: readonly { id: string; publishedAt: string; title: string; description: string }[]): void {
    for (const v of videos) {
      this.known.delete(v.id);
      this.known.set(v.id, snippetOf(v));
    }
    for (const key of this.known.keys()) {
      if (this.known.size <= SNIPPET_MEMORY) break;
      this.known.delete(key);
    }
  }

  constructor(
    private readonly client: YouTubeClient,
    private readonly tx: TransactionRunner,
    private readonly changes: ChangesService,
    private readonly events: EventsService,
  ) {}

  /** Groups the request's uploads, each grouping its own transaction in the run's entry. */
  async apply(imported: readonly ImportedUpload[], entry: RecordedChange): Promise<ImportEventsResult> {
    const result: ImportEventsResult = { grouped: 0, proposed: 0 };
    if (imported.length === 0) return result;
    const fresh = new Set(imported.map((u) => u.youtubeId));
    const neighbours = await this.neighbours(imported);
    const videoIdOf = new Map<string, number>([
      ...imported.map((u) => [u.youtubeId, u.videoId] as const),
      ...neighbours.map((n) => [n.key, n.videoId] as const),
    ]);
    const uploads: EventUpload[] = [
      ...imported.map((u) => ({
        key: u.youtubeId,
        uploaderId: u.uploaderId,
        authorIds: u.authorIds,
        publishedAt: u.publishedAt || null,
        linkedKeys: linkedVideoKeys(u.description),
        eventId: null,
        title: u.title,
      })),
      ...neighbours,
    ];
    const plan = importGroupings(uploads, fresh);
    for (const event of plan.events) {
      const ids = event.keys.map((k) => videoIdOf.get(k)!);
      const evidence = event.pairs.map((p) => p.reason).join('; ');
      try {
        await this.changes.run(entry, async (change) => {
          if (event.eventId === null) await this.events.groupWithin(change, ids, evidence);
          else await this.events.joinWithin(change, event.eventId, ids, evidence);
        });
        result.grouped++;
      } catch (err) {
        // A concurrent change grouped one of them meanwhile: the import stands, this grouping is left.
        this.logger.warn(`Import left a grouping of videos ${ids.join(', ')}: ${String(err)}`);
      }
    }
    if (plan.proposals.length > 0)
      await this.changes.run(entry, async (change) => {
        for (const pair of plan.proposals)
          if (
            await this.events.proposeWithin(
              change,
              videoIdOf.get(pair.a)!,
              videoIdOf.get(pair.b)!,
              pair.reason,
            )
          )
            result.proposed++;
      });
    return result;
  }

  /**
   * Catalogue uploads that could pair with the new ones: YouTube videos sharing an author with one of
   * them, dated within the link window (a day's slack for time zones), and the videos they link.
   */
  private async neighbours(
    imported: readonly ImportedUpload[],
  ): Promise<(EventUpload & { videoId: number })[]> {
    const freshIds = new Set(imported.map((u) => u.videoId));
    const authorIds = [...new Set(imported.flatMap((u) => u.authorIds))];
    const times = imported.map((u) => Date.parse(u.publishedAt)).filter((t) => !Number.isNaN(t));
    const linked = [...new Set(imported.flatMap((u) => linkedVideoKeys(u.description)))].filter(
      (key) => !imported.some((u) => u.youtubeId === key),
    );
    const window = (LINKED_UPLOADS_WINDOW_DAYS + 1) * DAY_MS;
    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    const found = await this.tx.read(async (manager) => {
      const candidates = new Map<
        number,
        { id: number; url: string; title: string; date: string; event_id: number | null }
      >();
      if (times.length > 0 && authorIds.length > 0) {
        const from = day(Math.min(...times) - window);
        const to = day(Math.max(...times) + window);
        for (const part of chunks(authorIds))
          for (const row of await rows<{
            id: number;
            url: string;
            title: string;
            date: string;
            event_id: number | null;
          }>(
            manager,
            `SELECT DISTINCT v.id, v.url, v.title, v.date, v.event_id FROM videos v
               JOIN video_authors va ON va.video_id = v.id
              WHERE va.creator_id IN ${placeholders(part.length)} AND v.date >= ? AND v.date <= ?`,
            [...part, from, to],
          ))
            if (!freshIds.has(int(row.id))) candidates.set(int(row.id), row);
      }
      const keys = linked.map((key) =>
        videoUrlKey(canonicalVideoUrl(`https://www.youtube.com/watch?v=${key}`))!,
      );
      for (const part of chunks(keys))
        for (const row of await rows<{
          id: number;
          url: string;
          title: string;
          date: string;
          event_id: number | null;
        }>(
          manager,
          `SELECT id, url, title, date, event_id FROM videos WHERE url_key IN ${placeholders(part.length)}`,
          part,
        ))
          if (!freshIds.has(int(row.id))) candidates.set(int(row.id), row);
      const list = [...candidates.values()]
        .map((row) => Object.assign({}, row, { key: extractVideoId(row.url) }))
        .filter((row): row is typeof row & { key: string } => row.key !== null)
        .filter((row) => nearAny(row.date, times, window) || linked.includes(row.key))
        .slice(0, MAX_NEIGHBOURS);
      const authors = new Map<number, { ids: number[]; host: number | null }>();
      for (const part of chunks(list.map((row) => int(row.id))))
        for (const a of await rows<{ video_id: number; creator_id: number; role: string }>(
          manager,
          `SELECT video_id, creator_id, role FROM video_authors WHERE video_id IN ${placeholders(part.length)}
            ORDER BY video_id, position`,
          part,
        )) {
          const entry = authors.get(int(a.video_id)) ?? { ids: [], host: null };
          entry.ids.push(int(a.creator_id));
          if (a.role === 'host' && entry.host === null) entry.host = int(a.creator_id);
          authors.set(int(a.video_id), entry);
        }
      return list.map((row) => ({ row, authors: authors.get(int(row.id)) ?? { ids: [], host: null } }));
    });
    const snippets = await this.snippets(found.map((f) => f.row.key));
    return found.map(({ row, authors }) => {
      const snippet = snippets.get(row.key);
      return {
        videoId: int(row.id),
        key: row.key,
        uploaderId: authors.host ?? authors.ids[0] ?? null,
        authorIds: authors.ids,
        // Without the Data API's time, noon of the stored day.
        publishedAt: snippet?.publishedAt || (row.date ? `${row.date}T12:00:00Z` : null),
        linkedKeys: snippet?.linkedKeys ?? [],
        eventId: row.event_id === null || row.event_id === undefined ? null : int(row.event_id),
        title: snippet?.title || row.title,
      };
    });
  }

  /** The neighbours' snippets: remembered, else from the Data API; none when it does not answer. */
  private async snippets(keys: readonly string[]): Promise<Map<string, Snippet>> {
    const found = new Map<string, Snippet>();
    for (const key of keys) {
      const snippet = this.known.get(key);
      if (snippet) found.set(key, snippet);
    }
    const missing = keys.filter((key) => !found.has(key));
    if (missing.length === 0) return found;
    try {
      for (const v of await this.client.getVideos(missing)) found.set(v.id, snippetOf(v));
    } catch (err) {
      this.logger.warn(`Could not read neighbouring uploads for events: ${String(err)}`);
    }
    return found;
  }
}

/** Whether a stored day (YYYY-MM-DD) lies within `window` ms of one of the times. */
function nearAny(date: string, times: readonly number[], window: number): boolean {
  const at = Date.parse(`${date}T12:00:00Z`);
  if (Number.isNaN(at)) return false;
  return times.some((t) => Math.abs(at - t) <= window + DAY_MS / 2);
}
