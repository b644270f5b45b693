/**
 * Backups: the whole data set as one JSON document with its ids, and CSV views of videos and
 * creators. The JSON imports into an empty database on either engine and exports again unchanged, which
 * is the tested way to move from the embedded SQLite to MySQL/MariaDB.
 */
import type { ExportColumn } from './export';

export const BACKUP_ROUTES = {
  backup: '/api/backup', // GET BackupData (admin); POST BackupData into an empty database -> BackupImportResult
  videosCsv: '/api/backup/videos.csv', // GET text/csv (admin)
  creatorsCsv: '/api/backup/creators.csv', // GET text/csv (admin)
} as const;

/** `format` of every backup document; `version` changes when its shape does. */
export const BACKUP_FORMAT = 'friends-of-the-channel-backup';
export const BACKUP_VERSION = 1;

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
}

export interface BackupVideo {
  id: number;
  title: string;
  url: string;
  /** YYYY-MM-DD, or ''. */
  date: string;
  /** Ordered: the main creator first. */
  authorIds: number[];
}

export interface BackupSuggestion {
  id: number;
  url: string;
  submittedAt: string;
}

/** GET /api/backup, and the body of POST /api/backup. Every list is ordered by id. */
export interface BackupData {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  creators: BackupCreator[];
  videos: BackupVideo[];
  suggestions: BackupSuggestion[];
}

/** POST /api/backup answers what it wrote. */
export interface BackupImportResult {
  creators: number;
  videos: number;
  suggestions: number;
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

export const BACKUP_VIDEO_CSV_COLUMNS: readonly ExportColumn<BackupVideoRow>[] = [
  { header: 'id', value: (video) => video.id },
  { header: 'title', value: (video) => video.title },
  { header: 'url', value: (video) => video.url },
  { header: 'date', value: (video) => video.date },
  { header: 'author_ids', value: (video) => video.authorIds.join(' ') },
  { header: 'authors', value: (video) => video.authorNames.join('; ') },
];

export const BACKUP_CREATOR_CSV_COLUMNS: readonly ExportColumn<BackupCreator>[] = [
  { header: 'id', value: (creator) => creator.id },
  { header: 'name', value: (creator) => creator.name },
  { header: 'photo', value: (creator) => creator.photo },
  { header: 'links', value: (creator) => creator.socialLinks.map((link) => link.url).join(' ') },
  { header: 'aliases', value: (creator) => creator.aliases.map((alias) => alias.name).join('; ') },
];
