/**
 * Counting collaborations by event (docs/product.md "Counting by event"). By default every
 * collaborative video counts once; counted by event, the collaborative uploads of one collab event
 * count once together, and a collaborative video in no event is its own event. A creator's events are
 * the distinct events among the collaborative videos they author, so a creator never has more events
 * than collaborations, and solo uploads never count, grouped or not.
 */
import { countOf } from './format';
import type { DatedAuthorship } from './insights';

/** What the leaderboard counts: `videos` (the default) or `events`. */
export const LEADERBOARD_COUNTS = ['videos', 'events'] as const;
export type LeaderboardCount = (typeof LEADERBOARD_COUNTS)[number];
export const INVALID_COUNT = `count must be one of ${LEADERBOARD_COUNTS.join(', ')}`;

export function isLeaderboardCount(value: unknown): value is LeaderboardCount {
  return typeof value === 'string' && (LEADERBOARD_COUNTS as readonly string[]).includes(value);
}

/** What a network edge weighs: videos together (the default) or events together. */
export const NETWORK_WEIGHTS = ['videos', 'events'] as const;
export type NetworkWeight = (typeof NETWORK_WEIGHTS)[number];
export const INVALID_WEIGHT = `weight must be one of ${NETWORK_WEIGHTS.join(', ')}`;

export function isNetworkWeight(value: unknown): value is NetworkWeight {
  return typeof value === 'string' && (NETWORK_WEIGHTS as readonly string[]).includes(value);
}

/** A collaborative video as the event counting reads it. */
export interface EventCountedVideo {
  id: number;
  /** Its collab event, or null when it stands alone. */
  eventId: number | null;
  /** YYYY-MM-DD. */
  date: string;
  authorIds: readonly number[];
}

/** The key of the event a video counts in: its event, or the video itself when it stands alone. */
export function eventKey(video: { id: number; eventId: number | null }): string {
  return video.eventId === null ? `v${video.id}` : `e${video.eventId}`;
}

/** How many events the videos make (each event once, each standalone video on its own). */
export function countEvents(videos: readonly { id: number; eventId: number | null }[]): number {
  return new Set(videos.map(eventKey)).size;
}

/**
 * The videos merged by event before a period board ranks them: one entry per event, with every
 * author of its collaborative uploads once and the date of its earliest upload; standalone videos as
 * they are. Order: by first appearance.
 */
export function mergeByEvent(videos: readonly EventCountedVideo[]): DatedAuthorship[] {
  const merged = new Map<string, { authorIds: number[]; date: string }>();
  for (const video of videos) {
    const key = eventKey(video);
    const event = merged.get(key);
    if (!event) {
      merged.set(key, { authorIds: [...new Set(video.authorIds)], date: video.date });
      continue;
    }
    for (const id of video.authorIds) if (!event.authorIds.includes(id)) event.authorIds.push(id);
    if (video.date < event.date) event.date = video.date;
  }
  return [...merged.values()];
}

/**
 * "5 collaborations in 3 events" when the events are fewer than the collaborations; null when they
 * are as many (then the plain count says it all).
 */
export function collaborationsInEvents(collaborations: number, events: number): string | null {
  if (events === collaborations) return null;
  return `${countOf(collaborations, 'collaboration')} in ${countOf(events, 'event')}`;
}
