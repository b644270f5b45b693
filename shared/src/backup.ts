/**
 * Backups: the whole data set as one JSON document with its ids, and CSV views of videos and
 * creators. The JSON imports into an empty database on either engine and exports again unchanged, which
 * is the tested way to move from the embedded SQLite to MySQL/MariaDB.
 */
import type { AuthorRole, CrewJob } from './credit-kinds';
import type { Confidence, EvidenceSource } from './detection';
import type { ExportColumn } from './export';
import { periodText, type GroupKind } from './groups';
import { otherNameText } from './other-names';

export const BACKUP_ROUTES = {
  backup: '/api/backup', // GET BackupData (admin); POST BackupData into an empty database -> BackupImportResult
  videosCsv: '/api/backup/videos.csv', // GET text/csv (admin)
  creatorsCsv: '/api/backup/creators.csv', // GET text/csv (admin)
} as const;

/** `format` of every backup document; `version` changes when its shape does. */
export const BACKUP_FORMAT = 'friends-of-the-channel-backup';
/**
 * The version an export writes. 2 added authors' roles, credited names and evidence, crew, events,
 * groups with their memberships, other names and pending event proposals.
 */
export const BACKUP_VERSION = 2;
/**
 * Every version a restore reads. A version 1 document restores with what that version could not say:
 * the first author of each video hosts and the others are guests, each link's evidence is 'unknown'
 * (as for links made before evidence was kept), and no crew, events, groups, other names or event
 * proposals.
 */
export const BACKUP_VERSIONS = [1, 2] as const;
export type BackupVersion = (typeof BACKUP_VERSIONS)[number];

/** Largest backup POST /api/backup accepts (the other routes keep the API's small body limit). */
export const BACKUP_MAX_BYTES = 128 * 1024 * 1024;

export interface BackupSocialLink {
  /** As stored: 'YouTube', 'Instagram', … or '' when the platform was not recognised. */
  platform: string;
  url: string;
}

export interface BackupAlias {
  /** A name merged into this creator. */
  name: string;
  /** The id the merged creator had (its old profile link resolves here), or null. */
  mergedCreatorId: number | null;
}

export interface BackupCreator {
  id: number;
  name: string;
  /** As stored: '' when the creator has no photo of its own (the API then answers a generated avatar). */
  photo: string;
  /** In order. */
  socialLinks: BackupSocialLink[];
  aliases: BackupAlias[];
  /** In order; `lang` a canonical BCP 47 tag, or null. Version 2. */
  otherNames: BackupOtherName[];
}

export interface BackupOtherName {
  name: string;
  lang: string | null;
}

/** One membership period: `id` is the membership's own (its admin routes name it). */
export interface BackupGroupMember {
  id: number;
  creatorId: number;
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, or null while still a member. */
  to: string | null;
}

/** A group with its membership periods (by id). Version 2. */
export interface BackupGroup {
  id: number;
  name: string;
  kind: GroupKind;
  members: BackupGroupMember[];
}

/** A collab event; its videos name it by `eventId`. Version 2. */
export interface BackupEvent {
  id: number;
  title: string;
  /** Why its uploads were grouped ('' when by hand); absent in backups taken before it was kept. */
  evidence?: string;
}

/** One authorship, in the order of `authorIds`, with the evidence of how it was made. */
export interface BackupAuthor {
  id: number;
  role: AuthorRole;
  /** The name the video credits when it differs from the creator's; else null. */
  creditedAs: string | null;
  source: EvidenceSource;
  /** The text that matched; '' for a manual link. */
  evidence: string;
  /** '' when none was given (a manual link). */
  confidence: Confidence | '';
  /** ISO time the link was made; '' for links made before evidence was kept. */
  linkedAt: string;
}

/** A crew credit, in the order the video shows them. */
export interface BackupCrew {
  name: string;
  job: CrewJob;
  /** The creator the name is, when it is one. */
  creatorId: number | null;
}

export interface BackupVideo {
  id: number;
  title: string;
  url: string;
  /** YYYY-MM-DD, or ''. */
  date: string;
  /** Ordered: the main creator first. */
  authorIds: number[];
  /** Version 2: the same creators in the same order, with their roles and credited names. */
  authors: BackupAuthor[];
  /** Version 2. */
  crew: BackupCrew[];
  /** Version 2: the event the video belongs to, or null. */
  eventId: number | null;
}

/** A pending proposal to group two videos as one event (the review queue). Version 2. */
export interface BackupEventProposal {
  id: number;
  /** The lower video id of the pair. */
  videoA: number;
  videoB: number;
  evidence: string;
  createdAt: string;
}

/**
 * A detected collaborator waiting in the Review queue. `channelKey` is the uploading channel's key, by
 * which one decision can answer a name across a channel's videos. Version 2, optional.
 */
export interface BackupReviewProposal {
  id: number;
  videoId: number;
  /** The existing creator the name matched, or null for a new name. */
  creatorId: number | null;
  name: string;
  source: EvidenceSource;
  evidence: string;
  confidence: Confidence;
  url: string;
  channelKey: string;
  createdAt: string;
}

/**
 * A collaborator the admin rejected for a video, kept by the video's URL key (so it outlives a delete
 * and re-import) and the name's match key (or `creator:<id>`). Version 2, optional.
 */
export interface BackupReviewRejection {
  urlKey: string;
  nameKey: string;
  createdAt: string;
}

/** A grouping of two uploads the admin rejected, by their URL keys (lower first). Version 2, optional. */
export interface BackupEventRejection {
  keyA: string;
  keyB: string;
  createdAt: string;
}

/**
 * How many of a channel's imported descriptions named a name (`nameKey`; '' counts the descriptions
 * themselves): what decides the channel's boilerplate. Not derivable, since descriptions are not kept.
 * Version 2, optional.
 */
export interface BackupChannelNameCount {
  channelKey: string;
  nameKey: string;
  count: number;
}

export interface BackupSuggestion {
  id: number;
  url: string;
  submittedAt: string;
}

/**
 * GET /api/backup, and the body of POST /api/backup, in this order of fields (a restore reads it as it
 * arrives, so what a record names comes before it). Every list is ordered by id. API keys, sessions,
 * history and what the server derives (counts, search keys, network analyses) are not in it.
 */
export interface BackupData {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  creators: BackupCreator[];
  groups: BackupGroup[];
  events: BackupEvent[];
  videos: BackupVideo[];
  suggestions: BackupSuggestion[];
  eventProposals: BackupEventProposal[];
  /** The Review queue and the admin's rejections: optional in a restore (backups taken before had none). */
  reviewProposals: BackupReviewProposal[];
  reviewRejections: BackupReviewRejection[];
  eventRejections: BackupEventRejection[];
  /** The channels' boilerplate counts: optional in a restore (backups taken before had none). */
  channelNameCounts: BackupChannelNameCount[];
}

/** A version 1 document, as backups taken before version 2 hold it: POST /api/backup still reads it. */
export interface BackupDataV1 {
  format: typeof BACKUP_FORMAT;
  version: 1;
  creators: Omit<BackupCreator, 'otherNames'>[];
  videos: Pick<BackupVideo, 'id' | 'title' | 'url' | 'date' | 'authorIds'>[];
  suggestions: BackupSuggestion[];
}

/** POST /api/backup answers what it wrote. */
export interface BackupImportResult {
  creators: number;
  groups: number;
  events: number;
  videos: number;
  suggestions: number;
  eventProposals: number;
  reviewProposals: number;
  reviewRejections: number;
  eventRejections: number;
  channelNameCounts: number;
}

export const BACKUP_MESSAGES = {
  notEmpty:
    'The database is not empty: a backup can only be imported into an empty database (delete its data first).',
  invalid: 'This is not a Friends of the Channel backup',
  exportJson: 'Export backup (JSON)',
  exportVideosCsv: 'Videos (CSV)',
  exportCreatorsCsv: 'Creators (CSV)',
} as const;

/** A backup's file name for a day: friends-backup-2025-01-31.json / -videos.csv / -creators.csv. */
export function backupFileName(day: Date, part: 'json' | 'videos' | 'creators'): string {
  const date = day.toISOString().slice(0, 10);
  return part === 'json' ? `friends-backup-${date}.json` : `friends-backup-${date}-${part}.csv`;
}

/** A video row of the CSV: the backup's video with its authors' names. */
export interface BackupVideoRow extends BackupVideo {
  authorNames: string[];
}

/**
 * Lists in a cell are joined by '; ' (authors, roles and credited names line up one for one, a
 * credited name left empty when the author is credited under the creator's name).
 */
export const BACKUP_VIDEO_CSV_COLUMNS: readonly ExportColumn<BackupVideoRow>[] = [
  { header: 'id', value: (video) => video.id },
  { header: 'title', value: (video) => video.title },
  { header: 'url', value: (video) => video.url },
  { header: 'date', value: (video) => video.date },
  { header: 'author_ids', value: (video) => video.authorIds.join(' ') },
  { header: 'authors', value: (video) => video.authorNames.join('; ') },
  { header: 'author_roles', value: (video) => video.authors.map((author) => author.role).join('; ') },
  {
    header: 'credited_as',
    value: (video) =>
      video.authors.some((author) => author.creditedAs !== null)
        ? video.authors.map((author) => author.creditedAs ?? '').join('; ')
        : '',
  },
  { header: 'event_id', value: (video) => video.eventId ?? '' },
  {
    header: 'crew',
    value: (video) => video.crew.map((member) => `${member.job}: ${member.name}`).join('; '),
  },
  {
    header: 'crew_creator_ids',
    value: (video) =>
      video.crew.some((member) => member.creatorId !== null)
        ? video.crew.map((member) => member.creatorId ?? '').join('; ')
        : '',
  },
];

/** A creator row of the CSV: the backup's creator with its memberships, named. */
export interface BackupCreatorRow extends BackupCreator {
  groups: { name: string; from: string; to: string | null }[];
}

export const BACKUP_CREATOR_CSV_COLUMNS: readonly ExportColumn<BackupCreatorRow>[] = [
  { header: 'id', value: (creator) => creator.id },
  { header: 'name', value: (creator) => creator.name },
  { header: 'photo', value: (creator) => creator.photo },
  { header: 'links', value: (creator) => creator.socialLinks.map((link) => link.url).join(' ') },
  { header: 'aliases', value: (creator) => creator.aliases.map((alias) => alias.name).join('; ') },
  { header: 'other_names', value: (creator) => creator.otherNames.map(otherNameText).join('; ') },
  {
    header: 'groups',
    value: (creator) => creator.groups.map((m) => `${m.name} (${periodText(m)})`).join('; '),
  },
];
