/**
 * Domain types (docs/product.md §3) and the response shape of every API endpoint.
 * The API returns exactly these; the front ends read exactly these.
 */
import type { CreatorMembership } from './groups';
import type { OtherName } from './other-names';
import type { AuthorRole, CrewJob } from './credit-kinds';

export type Platform = 'YouTube' | 'Instagram' | 'Twitter' | 'TikTok' | 'Twitch' | 'Facebook' | 'Other';

export interface SocialLink {
  platform: Platform | '';
  url: string;
}

export interface Creator {
  id: number;
  name: string;
  /** First social link's URL, kept for legacy clients ('' when there is none). */
  channel: string;
  /** Photo URL; the generated avatar (`defaultAvatarUrl(name)`) when none was given. */
  photo: string;
  socialLinks: SocialLink[];
  /** The creator's name in other scripts or romanised, each with an optional BCP 47 tag; searched like the name. */
  otherNames: OtherName[];
}

/** Something a save allowed but the admin should know: the channel URL is also another creator's. */
export interface SaveWarning {
  field: 'channel';
  message: string;
  /** The other creator. */
  creatorId: number;
}

/** The answer of POST / PUT /api/creators: the saved creator, and warnings when there are any. */
export interface SavedCreator extends Creator {
  warnings?: SaveWarning[];
}

/** GET /api/creators/channel-owner: the other creator whose channel the URL is, or null. */
export interface ChannelOwner {
  creator: { id: number; name: string } | null;
}

/** One row of GET /api/creators: the creator plus counts computed in SQL and its aliases. */
export interface CreatorListItem extends Creator {
  /** Videos the creator appears in. */
  videoCount: number;
  /** Of those, videos with more than one author. */
  collabCount: number;
  /** Names merged into this creator (docs/architecture.md "Deliberate departures" 9); searched like the name. */
  aliases: string[];
}

export interface AuthorRef {
  id: number;
  name: string;
}

/** An author of a video: who, in which role, and the name they were credited as when it differs. */
export interface VideoAuthorRef extends AuthorRef {
  role: AuthorRole;
  /** The name as the video credits it, when it differs from the creator's name; else null. */
  creditedAs: string | null;
}

/** A crew credit on a video: never an author, never a collaboration. */
export interface CrewCredit {
  name: string;
  job: CrewJob;
  /** The creator the name is, when known; else null. */
  creatorId: number | null;
}

export interface Video {
  id: number;
  title: string;
  url: string;
  /** YYYY-MM-DD, or '' when unknown. */
  date: string;
  /** Ordered: the main creator first. */
  authorIds: number[];
  /** Same order as authorIds. */
  authors: VideoAuthorRef[];
  /** The collab event it belongs to, or null when it stands alone. */
  eventId: number | null;
  crew: CrewCredit[];
}

/** POST /api/events: the videos to group as one collab event (at least two, none in another event). */
export interface EventInput {
  videoIds: number[];
}

/** One upload of a collab event. */
export interface EventVideo {
  id: number;
  title: string;
  url: string;
  /** YYYY-MM-DD, or '' when unknown. */
  date: string;
  authorIds: number[];
}

/** A collab event: the uploads of one collaboration (GET /api/events/:id). */
export interface CollabEvent {
  id: number;
  title: string;
  /** The earliest upload's date (YYYY-MM-DD), or '' when none is dated. */
  date: string;
  videos: EventVideo[];
  /** Every author of any of its uploads, each once, in order of appearance. */
  authorIds: number[];
  /** The same authors with their names, in the same order. */
  authors: AuthorRef[];
  /**
   * Why its uploads were grouped: the links the import found ("“A” links “B”"), or the mutual credits an
   * admin accepted from review; '' when an admin grouped them by hand.
   */
  evidence: string;
}

export type SuggestionStatus = 'pending';

export interface Suggestion {
  id: number;
  url: string;
  status: SuggestionStatus;
  /** ISO 8601 time. */
  submittedAt: string;
}

/** The four figures of a creator page and of an analytics card (docs/product.md §2). */
export interface CreatorStats {
  totalVideos: number;
  soloVideos: number;
  collaborations: number;
  collaborators: number;
}

export interface FrequentCollaborator {
  id: number;
  name: string;
  photo: string;
  /** Videos made together. */
  count: number;
}

/** GET /api/creators/:id/profile */
export interface CreatorProfile {
  /** When the requested id was merged away, this is the creator it was merged into. */
  creator: Creator;
  stats: CreatorStats;
  frequentCollaborators: FrequentCollaborator[];
  /**
   * The first page (PAGING.profileVideos) of the creator's videos, newest first by date (undated last);
   * the rest come from GET /api/creators/:id/videos, so the answer does not grow with the creator.
   */
  videos: Video[];
  /** How many videos the creator has in all. */
  videosTotal: number;
  /**
   * Its collaborations counted by collab event (docs/product.md "Counting by event"): the uploads of
   * one event once, a collaboration in no event on its own; at most `stats.collaborations`.
   */
  collaborationEvents: number;
  /** Its group memberships, oldest first (docs/product.md "Groups"). */
  memberships: CreatorMembership[];
}

export interface LeaderboardEntry {
  id: number;
  name: string;
  photo: string;
  count: number;
}

/** GET /api/leaderboard */
export interface Leaderboard {
  /** Top 10 by collaborative videos ('collabs'); with `?count=events`, by collab events (each once). */
  mostCollaborations: LeaderboardEntry[];
  /** Top 10 by distinct co-authors ('people'). */
  mostCollaborators: LeaderboardEntry[];
}

export interface CreatorAnalytics {
  id: number;
  name: string;
  photo: string;
  stats: CreatorStats;
}

/**
 * GET /api/stats, `?offset=N&limit=M` (default 0 and ANALYTICS_PAGE_SIZE, limit at most
 * ANALYTICS_MAX_LIMIT): the totals and the chart, with one page of the per-creator rows. Every page
 * carries the totals, so each answer stands alone.
 */
export interface Analytics {
  totalCreators: number;
  totalVideos: number;
  /** Videos with more than one author. */
  collaborations: number;
  /** 'Most Connected Creators': the top 10 by distinct co-authors (count), in the leaderboard's order. */
  mostConnected: LeaderboardEntry[];
  /** The per-creator rows over all pages: creators with at least one video. */
  creatorsWithVideos: number;
  /** The page asked for: its first row's position among them, and its size. */
  offset: number;
  limit: number;
  /** Rows offset to offset + limit - 1 (fewer on the last page, none past it), most videos first. */
  creators: CreatorAnalytics[];
}

/** GET /api/auth/session */
export interface SessionInfo {
  admin: boolean;
  /** The demo password, only when ADMIN_PASSWORD is unset; null otherwise. */
  demoPassword: string | null;
}

/** Every error the API answers: `{ "error": "…" }` with a 4xx (or 503) status. */
export interface ApiError {
  error: string;
}

/** PATCH /api/creators answer. */
export interface MessageResponse {
  message: string;
}

/** GET /version.json */
export interface VersionInfo {
  version: string;
}

/** Payloads. */
export interface CreatorInput {
  name: string;
  channel?: string;
  photo?: string;
  socialLinks?: { platform?: string; url: string }[];
  /** Replaces the creator's other names (omitted: create with none, update keeps them). */
  otherNames?: OtherName[];
}
export interface CreatorUpdate extends CreatorInput {
  id: number;
}
export interface MergeInput {
  primaryId: number;
  mergeIds: number[];
}
/** An author as a client sends it: who, and optionally the role and the name as credited. */
export interface VideoAuthorInput {
  id: number;
  role?: AuthorRole;
  creditedAs?: string | null;
}
export interface VideoInput {
  title: string;
  url?: string;
  date?: string;
  /** In order: the first hosts, the others are guests unless `authors` says otherwise (roles kept on edit). */
  authorIds?: number[];
  /** The order and set when `authorIds` is absent; else the roles and credited names of those ids. */
  authors?: VideoAuthorInput[];
  /** Crew credits in order: replace the video's crew when given, kept when absent. */
  crew?: { name: string; job: CrewJob; creatorId?: number | null }[];
}
export interface VideoUpdate extends VideoInput {
  id: number;
}
export interface SuggestionInput {
  url: string;
}
export interface LoginInput {
  password: string;
}

/** One page of a list the server filters and pages (`?q=&offset=&limit=`): the rows and how many match. */
export interface Paged<T> {
  total: number;
  items: T[];
}

/** A `with:` name that is the start of several creators' names: the search asks which one was meant. */
export interface AmbiguousName {
  /** The name as written. */
  name: string;
  /** The creators it could mean (at most MAX_WITH_CANDIDATES), by name. */
  candidates: AuthorRef[];
}

/** A paged search whose `with:` names may name no creator (then the page is empty and says which). */
export interface SearchPage<T> extends Paged<T> {
  /** The `with:` names, as written, that name no creator (by name or alias); absent when all do. */
  unknownNames?: string[];
  /** The `with:` names that could mean several creators (then the page is empty); absent when none. */
  ambiguousNames?: AmbiguousName[];
  /** The creators the `with:` names name, in the order written (absent for plain text or unknown names). */
  withCreators?: AuthorRef[];
  /**
   * True when more than `total` match: the count stopped there (a video text search counts only to a
   * step past the page asked for, 200 at a time). Absent when `total` is the whole count.
   */
  totalCapped?: boolean;
}

/** GET /api/creators/search */
export type CreatorPage = SearchPage<CreatorListItem>;

/** GET /api/creators/search/ids: the id of every match (a bulk list's Select All), in id order. */
export interface CreatorIds {
  total: number;
  ids: number[];
}

/** GET /api/creators/duplicates: one page of duplicate groups (each 2+ creators, in id order). */
export type DuplicateGroupPage = Paged<CreatorListItem[]>;

/** GET /api/videos/search */
export type VideoPage = SearchPage<Video>;

/** GET /api/videos/search/ids: every video the same filter matches, ids only (Select All). */
export interface VideoIds {
  ids: number[];
}
