/**
 * The change history and undo: every admin change is logged with what it
 * touched, before and after, and can be reverted exactly. See docs/architecture.md "Architecture rules".
 */

export const HISTORY_ROUTES = {
  /** GET HistoryPage (admin): ?limit=&before=&creator=&video= */
  history: '/api/history',
  /** GET HistoryDetail (admin): one entry with the rows it changed, named. 404 unknown. */
  entry: (id: number) => `/api/history/${id}`,
  /** POST (admin) -> HistoryUndoResult; 404 unknown, 409 already undone or a later change depends on it. */
  undo: (id: number) => `/api/history/${id}/undo`,
  /** POST { ids } (admin): deletes several videos as one change, undone as one. */
  videosBulkDelete: '/api/videos/bulk-delete',
  /** POST { ids } (admin): deletes several creators as one change, undone as one. */
  creatorsBulkDelete: '/api/creators/bulk-delete',
} as const;

/** What kind of change an entry records. */
export const HISTORY_KINDS = [
  'creator.create',
  'creator.update',
  'creator.delete',
  'creator.merge',
  'creators.delete',
  'video.create',
  'video.update',
  'video.delete',
  'videos.delete',
  'import',
  'rescan',
  'photos.refresh',
  'suggestion.delete',
  'review.decision',
  'backup.restore',
  'group.create',
  'group.update',
  'group.delete',
  'membership.create',
  'membership.update',
  'membership.delete',
  'event.create',
  'event.delete',
  'undo',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const HISTORY_LIMITS = {
  /** Entries per page unless `limit` says otherwise. */
  defaultPage: 50,
  maxPage: 200,
  /** Videos (or creators) one bulk delete may name. */
  maxBulkDelete: 5000,
  /** Rows GET /api/history/:id names at most (a big import touches thousands). */
  detailRows: 200,
} as const;

export interface HistoryItem {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  /** "admin · <session label>", or "system" for changes made without a request (seeding). */
  actor: string;
  /** The actor as a person reads it: 'You (this session)', 'Another admin session', 'System'. */
  actorName?: string;
  kind: HistoryKind;
  summary: string;
  /** False once undone, and for changes that cannot be reverted (a backup restore). */
  undoable: boolean;
  /** The entry that undid this one, or null. */
  undoneBy: number | null;
  /** For an undo: the entry it reverted. */
  undoes: number | null;
}

/** GET /api/history: newest first; `nextBefore` is the `before` of the next page, or null at the end. */
export interface HistoryPage {
  items: HistoryItem[];
  nextBefore: number | null;
  /** With ?creator= or ?video=: whose changes these are, by name (a deleted one by its last name). */
  subject?: { kind: 'creator' | 'video'; id: number; name: string };
}

/** One row a change touched, as a person reads it. */
export interface HistoryRowChange {
  /** The table ('creators', 'videos', 'video_authors', 'social_links', …). */
  table: string;
  change: 'added' | 'removed' | 'changed';
  /** What the row is, by name: 'Video "Picnic Race"', 'Ada Lumen on "Picnic Race"'. */
  what: string;
  /** For a changed row, each field that changed. */
  fields: { field: string; before: string | null; after: string | null }[];
}

/** GET /api/history/:id: the entry and the rows it changed (the first HISTORY_LIMITS.detailRows). */
export interface HistoryDetail {
  entry: HistoryItem;
  rows: HistoryRowChange[];
  /** How many rows the entry changed in all. */
  total: number;
}

/** The actor of a change made outside any request (start-up, demo data). */
export const SYSTEM_ACTOR = 'system';
/** The actor of a change a request without an admin session made (a suggestion). */
export const VISITOR_ACTOR = 'visitor';

/** The actor of an entry as a person reads it, `mine` being the reader's own actor. */
export function actorName(actor: string, mine: string): string {
  if (actor === SYSTEM_ACTOR) return 'System (start-up or demo data)';
  if (actor === VISITOR_ACTOR) return 'A visitor';
  if (actor === mine) return 'You (this session)';
  return actor.startsWith('admin') ? 'Another admin session' : actor;
}

/** POST /api/history/:id/undo: the new entry that records the undo. */
export interface HistoryUndoResult {
  undone: number;
  entry: HistoryItem;
}

/** POST /api/videos/bulk-delete and /api/creators/bulk-delete */
export interface BulkDeleteResult {
  deleted: number;
  message: string;
}

export const HISTORY_MESSAGES = {
  notFound: 'History entry not found',
  alreadyUndone: 'This change has already been undone',
  notUndoable: 'This change cannot be undone',
  /** Explains a 409 from undo in the admin screen. */
  conflictHelp:
    'A later change depends on this one. Undo the later change first (newest first), then try again.',
} as const;

/** The 409 answer when a later change touched the same rows. */
export function laterChangeMessage(later: { id: number; summary: string } | null): string {
  return later
    ? `Change #${later.id} (${later.summary}) came later and depends on this one: undo it first`
    : 'The data has changed since: a later change depends on this one';
}

/** "admin · 3f9a2c": the one shared password means the session label is all that tells admins apart. */
export function adminActor(label: string): string {
  return `admin · ${label}`;
}

/** A creator as an edit summary compares it: its name, photo and link URLs. */
export interface CreatorEditState {
  name: string;
  photo: string;
  links: readonly string[];
}

/**
 * One summary naming every field an edit changed: 'Renamed creator "A" to "B", added link
 * youtube.com/@b', 'Edited creator "B": changed photo, removed link …'. Nothing changed: 'Edited creator "B"'.
 */
export function creatorEditSummary(before: CreatorEditState, after: CreatorEditState): string {
  const parts: string[] = [];
  const added = after.links.filter((url) => !before.links.includes(url));
  const removed = before.links.filter((url) => !after.links.includes(url));
  const link = (url: string) => url.replace(/^https?:\/\/(www\.)?/i, '');
  if (added.length)
    parts.push(`added ${added.length === 1 ? 'link' : 'links'} ${added.map(link).join(', ')}`);
  if (removed.length)
    parts.push(`removed ${removed.length === 1 ? 'link' : 'links'} ${removed.map(link).join(', ')}`);
  if (!added.length && !removed.length && before.links.join('\n') !== after.links.join('\n'))
    parts.push('reordered links');
  if (before.photo !== after.photo) parts.push('changed photo');
  if (before.name !== after.name)
    return [`Renamed creator ${quoted(before.name)} to ${quoted(after.name)}`, ...parts].join(', ');
  return parts.length
    ? `Edited creator ${quoted(after.name)}: ${parts.join(', ')}`
    : `Edited creator ${quoted(after.name)}`;
}

/** A video as an edit summary compares it: its fields and its authors (with names and roles) and crew. */
export interface VideoEditState {
  title: string;
  url: string;
  date: string;
  authors: readonly { id: number; name: string; role: string }[];
  crew: readonly { name: string; job: string }[];
}

const listOf = (noun: string, names: readonly string[]): string =>
  `${noun}${names.length === 1 ? '' : 's'} ${names.map((n) => quoted(n, 40)).join(', ')}`;

/**
 * One summary naming every field a video edit changed: 'Renamed video "A" to "B", added author "C"',
 * 'Edited video "B": changed date 2024-01-05 → 2024-02-01, "D" now featured'. Nothing changed:
 * 'Edited video "B"'.
 */
export function videoEditSummary(before: VideoEditState, after: VideoEditState): string {
  const parts: string[] = [];
  if (before.url !== after.url)
    parts.push(after.url ? (before.url ? 'changed URL' : 'set URL') : 'removed URL');
  if (before.date !== after.date)
    parts.push(
      after.date
        ? before.date
          ? `changed date ${before.date} → ${after.date}`
          : `set date ${after.date}`
        : 'removed date',
    );
  const beforeIds = new Set(before.authors.map((a) => a.id));
  const afterIds = new Set(after.authors.map((a) => a.id));
  const added = after.authors.filter((a) => !beforeIds.has(a.id)).map((a) => a.name);
  const removed = before.authors.filter((a) => !afterIds.has(a.id)).map((a) => a.name);
  if (added.length) parts.push(`added ${listOf('author', added)}`);
  if (removed.length) parts.push(`removed ${listOf('author', removed)}`);
  const kept = (authors: VideoEditState['authors'], other: Set<number>) =>
    authors.filter((a) => other.has(a.id)).map((a) => a.id);
  if (kept(before.authors, afterIds).join() !== kept(after.authors, beforeIds).join())
    parts.push('reordered authors');
  const roleBefore = new Map(before.authors.map((a) => [a.id, a.role]));
  for (const author of after.authors) {
    const was = roleBefore.get(author.id);
    if (was !== undefined && was !== author.role) parts.push(`${quoted(author.name, 40)} now ${author.role}`);
  }
  const crewKey = (crew: VideoEditState['crew']) => crew.map((c) => `${c.job}\n${c.name}`).join('\n');
  if (crewKey(before.crew) !== crewKey(after.crew)) parts.push('changed crew');
  if (before.title !== after.title)
    return [`Renamed video ${quoted(before.title)} to ${quoted(after.title)}`, ...parts].join(', ');
  return parts.length
    ? `Edited video ${quoted(after.title)}: ${parts.join(', ')}`
    : `Edited video ${quoted(after.title)}`;
}

/** Quotes a name or title for a summary, shortened so a summary stays one line. */
export function quoted(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
}
