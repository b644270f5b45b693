/**
 * The checks of one record of a POST /api/backup body, as the restore reads it (backup-reader.ts): its
 * shape, column sizes, plain text, positive ids, and authors that are creators of the same backup.
 * What needs the records read before (repeated ids, names and videos) is checked against the rows
 * already written (backup.service.ts). Hand-written rather than class-validator DTOs: a backup holds
 * up to hundreds of thousands of records, and a problem is named by its path.
 */
import { BadRequestException } from '@nestjs/common';
import {
  BACKUP_MESSAGES,
  hasUnsafeCharacters,
  UNSAFE_TEXT_MESSAGE,
  type BackupAlias,
  type BackupCreator,
  type BackupSocialLink,
  type BackupSuggestion,
  type BackupVideo,
} from '@friends/shared';

/** Column sizes of the schema (InitialSchema migration). */
const COLUMN = { name: 255, photo: 2048, platform: 20, url: 2048, title: 512, date: 10, submittedAt: 32 };

type Plain = Record<string, unknown>;

export function fail(path: string, problem: string): never {
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
  // Multi-line: titles from before the one-line rule hold line breaks, and a backup keeps them.
  if (hasUnsafeCharacters(value, { multiline: true })) fail(path, UNSAFE_TEXT_MESSAGE);
  return value;
}

export function creator(value: unknown, path: string): BackupCreator {
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

export function video(value: unknown, path: string, creators: ReadonlySet<number>): BackupVideo {
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

export function suggestion(value: unknown, path: string): BackupSuggestion {
  const s = object(value, path, ['id', 'url', 'submittedAt']);
  return {
    id: id(s.id, `${path}.id`),
    url: text(s.url, `${path}.url`, COLUMN.url),
    submittedAt: text(s.submittedAt, `${path}.submittedAt`, COLUMN.submittedAt),
  };
}
