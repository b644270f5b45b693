/**
 * Checks that a POST /api/backup body is a whole, self-consistent backup before anything is written:
 * the shape of every record, column sizes, unique positive ids, and references (authors, merged ids)
 * that point at creators of the same backup. Hand-written rather than class-validator DTOs: a backup
 * holds up to hundreds of thousands of records, and the first problem is named by its path.
 */
import { BadRequestException } from '@nestjs/common';
import {
  BACKUP_FORMAT,
  BACKUP_MESSAGES,
  BACKUP_VERSION,
  normalizeName,
  type BackupAlias,
  type BackupCreator,
  type BackupData,
  type BackupSocialLink,
  type BackupSuggestion,
  type BackupVideo,
} from '@friends/shared';

/** Column sizes of the schema (InitialSchema migration). */
const COLUMN = { name: 255, photo: 2048, platform: 20, url: 2048, title: 512, date: 10, submittedAt: 32 };

type Plain = Record<string, unknown>;

function fail(path: string, problem: string): never {
  throw new BadRequestException(`${BACKUP_MESSAGES.invalid}: ${path} ${problem}`);
}

function object(value: unknown, path: string, keys: readonly string[]): Plain {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object');
  const extra = Object.keys(value).filter((key) => !keys.includes(key));
  if (extra.length) fail(path, `has unknown field(s) ${extra.join(', ')}`);
  const missing = keys.filter((key) => !(key in value));
  if (missing.length) fail(path, `lacks ${missing.join(', ')}`);
  return value as Plain;
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'must be an array');
  return value;
}

function id(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647)
    fail(path, 'must be a positive integer');
  return value;
}

function text(value: unknown, path: string, max: number, nonBlank = false): string {
  if (typeof value !== 'string') fail(path, 'must be a string');
  if (value.length > max) fail(path, `is longer than ${max} characters`);
  if (nonBlank && !value.trim()) fail(path, 'must not be blank');
  return value;
}

function uniqueIds<T extends { id: number }>(items: T[], path: string): Set<number> {
  const seen = new Set<number>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) fail(`${path}[${i}].id`, `repeats id ${item.id}`);
    seen.add(item.id);
  });
  return seen;
}

function creator(value: unknown, path: string): BackupCreator {
  const c = object(value, path, ['id', 'name', 'photo', 'socialLinks', 'aliases']);
  return {
    id: id(c.id, `${path}.id`),
    name: text(c.name, `${path}.name`, COLUMN.name, true),
    photo: text(c.photo, `${path}.photo`, COLUMN.photo),
    socialLinks: list(c.socialLinks, `${path}.socialLinks`).map((link, i): BackupSocialLink => {
      const at = `${path}.socialLinks[${i}]`;
      const l = object(link, at, ['platform', 'url']);
      return {
        platform: text(l.platform, `${at}.platform`, COLUMN.platform),
        url: text(l.url, `${at}.url`, COLUMN.url),
      };
    }),
    aliases: list(c.aliases, `${path}.aliases`).map((alias, i): BackupAlias => {
      const at = `${path}.aliases[${i}]`;
      const a = object(alias, at, ['name', 'mergedCreatorId']);
      return {
        name: text(a.name, `${at}.name`, COLUMN.name, true),
        mergedCreatorId: a.mergedCreatorId === null ? null : id(a.mergedCreatorId, `${at}.mergedCreatorId`),
      };
    }),
  };
}

function video(value: unknown, path: string, creators: Set<number>): BackupVideo {
  const v = object(value, path, ['id', 'title', 'url', 'date', 'authorIds']);
  const authorIds = list(v.authorIds, `${path}.authorIds`).map((author, i) => {
    const authorId = id(author, `${path}.authorIds[${i}]`);
    if (!creators.has(authorId))
      fail(`${path}.authorIds[${i}]`, `refers to creator ${authorId}, not in the backup`);
    return authorId;
  });
  if (new Set(authorIds).size !== authorIds.length) fail(`${path}.authorIds`, 'repeats a creator');
  const date = text(v.date, `${path}.date`, COLUMN.date);
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`${path}.date`, 'must be YYYY-MM-DD or empty');
  return {
    id: id(v.id, `${path}.id`),
    title: text(v.title, `${path}.title`, COLUMN.title, true),
    url: text(v.url, `${path}.url`, COLUMN.url),
    date,
    authorIds,
  };
}

function suggestion(value: unknown, path: string): BackupSuggestion {
  const s = object(value, path, ['id', 'url', 'submittedAt']);
  return {
    id: id(s.id, `${path}.id`),
    url: text(s.url, `${path}.url`, COLUMN.url),
    submittedAt: text(s.submittedAt, `${path}.submittedAt`, COLUMN.submittedAt),
  };
}

/** The body as a BackupData, or a 400 `{ error }` naming the first problem. */
export function parseBackup(body: unknown): BackupData {
  const root = object(body, 'the backup', ['format', 'version', 'creators', 'videos', 'suggestions']);
  if (root.format !== BACKUP_FORMAT) fail('format', `must be "${BACKUP_FORMAT}"`);
  if (root.version !== BACKUP_VERSION) fail('version', `must be ${BACKUP_VERSION}`);
  const creators = list(root.creators, 'creators').map((c, i) => creator(c, `creators[${i}]`));
  const creatorIds = uniqueIds(creators, 'creators');
  const names = new Map<string, number>();
  creators.forEach((c, i) => {
    const key = normalizeName(c.name);
    if (names.has(key))
      fail(`creators[${i}].name`, `"${c.name}" repeats the name of creator ${names.get(key)}`);
    names.set(key, c.id);
  });
  const videos = list(root.videos, 'videos').map((v, i) => video(v, `videos[${i}]`, creatorIds));
  uniqueIds(videos, 'videos');
  const suggestions = list(root.suggestions, 'suggestions').map((s, i) => suggestion(s, `suggestions[${i}]`));
  uniqueIds(suggestions, 'suggestions');
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, creators, videos, suggestions };
}
