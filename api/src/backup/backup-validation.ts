/**
 * The checks of one record of a POST /api/backup body, as the restore reads it (backup-reader.ts): its
 * shape, column sizes, plain text, positive ids, the lists of roles, jobs and kinds, and references to
 * creators, events and videos of the same backup read before it. What needs the records read before
 * (repeated ids, names and videos) is checked against the rows already written (backup.service.ts).
 * Hand-written rather than class-validator DTOs: a backup holds up to hundreds of thousands of records,
 * and a problem is named by its path.
 *
 * A record of a version 1 document comes out in the shape of the current version, with the defaults
 * of a schema that did not know roles, crew, events or other names: the first author hosts, the
 * others are guests.
 */
import { BadRequestException } from '@nestjs/common';
import {
  BACKUP_MESSAGES,
  EVIDENCE_SOURCES,
  canonicalLanguageTag,
  hasInvisibleCharacters,
  hasUnsafeCharacters,
  isAuthorRole,
  isCrewJob,
  isGroupKind,
  isIsoDate,
  membershipProblem,
  storedName,
  AUTHOR_ROLES,
  CREW_JOBS,
  GROUP_KINDS,
  LIMITS,
  UNSAFE_TEXT_MESSAGE,
  type BackupAlias,
  type BackupAuthor,
  type BackupCreator,
  type BackupCrew,
  type BackupEvent,
  type BackupEventProposal,
  type BackupGroup,
  type BackupGroupMember,
  type BackupOtherName,
  type BackupSocialLink,
  type BackupChannelNameCount,
  type BackupEventRejection,
  type BackupReviewProposal,
  type BackupReviewRejection,
  type BackupSuggestion,
  type BackupVersion,
  type BackupVideo,
  type Confidence,
  type EvidenceSource,
  type MembershipPeriod,
} from '@friends/shared';

/** Column sizes of the schema (InitialSchema and later migrations). */
const COLUMN = {
  name: 255,
  photo: 2048,
  platform: 20,
  url: 2048,
  title: 512,
  date: 10,
  submittedAt: 32,
  evidence: 300,
  eventEvidence: 1000,
  createdAt: 24,
  key: 255,
  urlKey: 64,
};

const CONFIDENCES: readonly (Confidence | '')[] = ['high', 'medium', 'low', ''];
const PROPOSAL_CONFIDENCES = CONFIDENCES.filter((c): c is Confidence => c !== '');
const isEvidenceSource = (value: unknown): value is EvidenceSource =>
  (EVIDENCE_SOURCES as readonly unknown[]).includes(value);
const isConfidence = (value: unknown): value is Confidence | '' =>
  (CONFIDENCES as readonly unknown[]).includes(value);
const isProposalConfidence = (value: unknown): value is Confidence =>
  (PROPOSAL_CONFIDENCES as readonly unknown[]).includes(value);

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

function nullable<T>(value: unknown, check: (value: unknown) => T): T | null {
  return value === null ? null : check(value);
}

function oneOf<T extends string>(
  value: unknown,
  path: string,
  allowed: readonly T[],
  is: (value: unknown) => value is T,
): T {
  if (!is(value)) fail(path, `must be one of ${allowed.join(', ')}`);
  return value;
}

/** An id that must be one of `known` (records of `what` read before). */
function reference(value: unknown, path: string, known: ReadonlySet<number>, what: string): number {
  const found = id(value, path);
  if (!known.has(found)) fail(path, `refers to ${what} ${found}, not in the backup`);
  return found;
}

function otherName(value: unknown, path: string): BackupOtherName {
  const o = object(value, path, ['name', 'lang']);
  const name = text(o.name, `${path}.name`, COLUMN.name, true);
  // The admin form's rule: nothing invisible that would make a name look like another.
  if (hasInvisibleCharacters(name) || hasUnsafeCharacters(name)) fail(`${path}.name`, UNSAFE_TEXT_MESSAGE);
  const lang = nullable(o.lang, (tag) => {
    const canonical = typeof tag === 'string' ? canonicalLanguageTag(tag) : null;
    if (canonical === null)
      fail(`${path}.lang`, 'must be a BCP 47 language tag such as ja, ja-Latn or ko, or null');
    return canonical;
  });
  return { name: storedName(name), lang };
}

const CREATOR_KEYS: Record<BackupVersion, readonly string[]> = {
  1: ['id', 'name', 'photo', 'socialLinks', 'aliases'],
  2: ['id', 'name', 'photo', 'socialLinks', 'aliases', 'otherNames'],
};

/**
 * A creator record. Its names, aliases and other names are restored as the API stores names (shared
 * storedName: NFC), so a backup written before names were kept in NFC restores as they would now be.
 */
export function creator(value: unknown, path: string, version: BackupVersion): BackupCreator {
  const c = object(value, path, CREATOR_KEYS[version]);
  const otherNames = version === 1 ? [] : list(c.otherNames, `${path}.otherNames`);
  if (otherNames.length > LIMITS.otherNames)
    fail(`${path}.otherNames`, `holds more than ${LIMITS.otherNames} names`);
  return {
    id: id(c.id, `${path}.id`),
    name: storedName(text(c.name, `${path}.name`, COLUMN.name, true)),
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
        name: storedName(text(a.name, `${at}.name`, COLUMN.name, true)),
        mergedCreatorId: a.mergedCreatorId === null ? null : id(a.mergedCreatorId, `${at}.mergedCreatorId`),
      };
    }),
    otherNames: otherNames.map((other, i) => otherName(other, `${path}.otherNames[${i}]`)),
  };
}

/**
 * A group and its membership periods: dates, kinds and creators checked, and no two periods of one
 * creator in the group overlapping (the rule of the group routes, shared membershipProblem).
 */
export function group(value: unknown, path: string, creators: ReadonlySet<number>): BackupGroup {
  const g = object(value, path, ['id', 'name', 'kind', 'members']);
  const periods = new Map<number, MembershipPeriod[]>();
  const members = list(g.members, `${path}.members`).map((member, i): BackupGroupMember => {
    const at = `${path}.members[${i}]`;
    const m = object(member, at, ['id', 'creatorId', 'from', 'to']);
    const creatorId = reference(m.creatorId, `${at}.creatorId`, creators, 'creator');
    if (!isIsoDate(m.from)) fail(`${at}.from`, 'must be a date YYYY-MM-DD');
    if (m.to !== null && !isIsoDate(m.to)) fail(`${at}.to`, 'must be a date YYYY-MM-DD, or null');
    const period = { from: m.from, to: m.to as string | null };
    const problem = membershipProblem(period, periods.get(creatorId));
    if (problem) fail(at, problem);
    periods.set(creatorId, [...(periods.get(creatorId) ?? []), period]);
    return { id: id(m.id, `${at}.id`), creatorId, ...period };
  });
  return {
    id: id(g.id, `${path}.id`),
    name: storedName(text(g.name, `${path}.name`, COLUMN.name, true)),
    kind: oneOf(g.kind, `${path}.kind`, GROUP_KINDS, isGroupKind),
    members,
  };
}

export function event(value: unknown, path: string): BackupEvent {
  // `evidence` came later: a backup may hold it or not.
  const e = object(
    value,
    path,
    typeof value === 'object' && value !== null && 'evidence' in value
      ? ['id', 'title', 'evidence']
      : ['id', 'title'],
  );
  return {
    id: id(e.id, `${path}.id`),
    title: text(e.title, `${path}.title`, COLUMN.title),
    evidence: e.evidence === undefined ? '' : text(e.evidence, `${path}.evidence`, COLUMN.eventEvidence),
  };
}

/** What a video may name: creators and (version 2) events read before it. */
export interface VideoReferences {
  creators: ReadonlySet<number>;
  events: ReadonlySet<number>;
}

const VIDEO_KEYS: Record<BackupVersion, readonly string[]> = {
  1: ['id', 'title', 'url', 'date', 'authorIds'],
  2: ['id', 'title', 'url', 'date', 'authorIds', 'authors', 'crew', 'eventId'],
};

export function video(
  value: unknown,
  path: string,
  version: BackupVersion,
  known: VideoReferences,
): BackupVideo {
  const v = object(value, path, VIDEO_KEYS[version]);
  const authorIds = list(v.authorIds, `${path}.authorIds`).map((author, i) =>
    reference(author, `${path}.authorIds[${i}]`, known.creators, 'creator'),
  );
  if (new Set(authorIds).size !== authorIds.length) fail(`${path}.authorIds`, 'repeats a creator');
  const date = text(v.date, `${path}.date`, COLUMN.date);
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`${path}.date`, 'must be YYYY-MM-DD or empty');
  const record = {
    id: id(v.id, `${path}.id`),
    title: text(v.title, `${path}.title`, COLUMN.title, true),
    url: text(v.url, `${path}.url`, COLUMN.url),
    date,
    authorIds,
  };
  if (version === 1)
    return {
      ...record,
      authors: authorIds.map((authorId, i) => ({
        id: authorId,
        role: i === 0 ? 'host' : 'guest',
        creditedAs: null,
        // Version 1 kept no evidence: 'unknown', as for the links made before evidence was kept.
        source: 'unknown',
        evidence: '',
        confidence: '',
        linkedAt: '',
      })),
      crew: [],
      eventId: null,
    };
  const authors = list(v.authors, `${path}.authors`);
  if (authors.length !== authorIds.length)
    fail(`${path}.authors`, `must list the ${authorIds.length} creator(s) of authorIds, in their order`);
  return {
    ...record,
    authors: authors.map((author, i): BackupAuthor => {
      const at = `${path}.authors[${i}]`;
      const a = object(author, at, [
        'id',
        'role',
        'creditedAs',
        'source',
        'evidence',
        'confidence',
        'linkedAt',
      ]);
      if (a.id !== authorIds[i]) fail(`${at}.id`, `must be ${authorIds[i]}, as authorIds[${i}]`);
      return {
        id: authorIds[i]!,
        role: oneOf(a.role, `${at}.role`, AUTHOR_ROLES, isAuthorRole),
        creditedAs: nullable(a.creditedAs, (name) => text(name, `${at}.creditedAs`, COLUMN.name, true)),
        source: oneOf(a.source, `${at}.source`, EVIDENCE_SOURCES, isEvidenceSource),
        evidence: text(a.evidence, `${at}.evidence`, COLUMN.evidence),
        confidence: oneOf(a.confidence, `${at}.confidence`, CONFIDENCES, isConfidence),
        linkedAt: text(a.linkedAt, `${at}.linkedAt`, COLUMN.createdAt),
      };
    }),
    crew: list(v.crew, `${path}.crew`).map((member, i): BackupCrew => {
      const at = `${path}.crew[${i}]`;
      const c = object(member, at, ['name', 'job', 'creatorId']);
      const name = text(c.name, `${at}.name`, COLUMN.name, true);
      // One line: a crew name is a name, and the crew routes refuse control characters in it.
      if (hasUnsafeCharacters(name)) fail(`${at}.name`, UNSAFE_TEXT_MESSAGE);
      return {
        name,
        job: oneOf(c.job, `${at}.job`, CREW_JOBS, isCrewJob),
        creatorId: nullable(c.creatorId, (creatorId) =>
          reference(creatorId, `${at}.creatorId`, known.creators, 'creator'),
        ),
      };
    }),
    eventId: nullable(v.eventId, (eventId) => reference(eventId, `${path}.eventId`, known.events, 'event')),
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

export function eventProposal(
  value: unknown,
  path: string,
  videos: ReadonlySet<number>,
): BackupEventProposal {
  const p = object(value, path, ['id', 'videoA', 'videoB', 'evidence', 'createdAt']);
  const videoA = reference(p.videoA, `${path}.videoA`, videos, 'video');
  const videoB = reference(p.videoB, `${path}.videoB`, videos, 'video');
  if (videoA >= videoB) fail(`${path}.videoA`, `must be lower than videoB (${videoB})`);
  return {
    id: id(p.id, `${path}.id`),
    videoA,
    videoB,
    evidence: text(p.evidence, `${path}.evidence`, COLUMN.evidence),
    createdAt: text(p.createdAt, `${path}.createdAt`, COLUMN.createdAt),
  };
}

export function reviewProposal(
  value: unknown,
  path: string,
  known: { creators: ReadonlySet<number>; videos: ReadonlySet<number> },
): BackupReviewProposal {
  const p = object(value, path, [
    'id',
    'videoId',
    'creatorId',
    'name',
    'source',
    'evidence',
    'confidence',
    'url',
    'channelKey',
    'createdAt',
  ]);
  return {
    id: id(p.id, `${path}.id`),
    videoId: reference(p.videoId, `${path}.videoId`, known.videos, 'video'),
    creatorId: nullable(p.creatorId, (v) => reference(v, `${path}.creatorId`, known.creators, 'creator')),
    name: text(p.name, `${path}.name`, COLUMN.name, true),
    source: oneOf(p.source, `${path}.source`, EVIDENCE_SOURCES, isEvidenceSource),
    evidence: text(p.evidence, `${path}.evidence`, COLUMN.evidence),
    confidence: oneOf(p.confidence, `${path}.confidence`, PROPOSAL_CONFIDENCES, isProposalConfidence),
    url: text(p.url, `${path}.url`, COLUMN.url),
    channelKey: text(p.channelKey, `${path}.channelKey`, COLUMN.key),
    createdAt: text(p.createdAt, `${path}.createdAt`, COLUMN.createdAt),
  };
}

export function reviewRejection(value: unknown, path: string): BackupReviewRejection {
  const r = object(value, path, ['urlKey', 'nameKey', 'createdAt']);
  return {
    urlKey: text(r.urlKey, `${path}.urlKey`, COLUMN.urlKey, true),
    nameKey: text(r.nameKey, `${path}.nameKey`, COLUMN.key, true),
    createdAt: text(r.createdAt, `${path}.createdAt`, COLUMN.createdAt),
  };
}

export function eventRejection(value: unknown, path: string): BackupEventRejection {
  const r = object(value, path, ['keyA', 'keyB', 'createdAt']);
  const keyA = text(r.keyA, `${path}.keyA`, COLUMN.urlKey, true);
  const keyB = text(r.keyB, `${path}.keyB`, COLUMN.urlKey, true);
  if (keyA >= keyB) fail(`${path}.keyA`, 'must sort before keyB');
  return { keyA, keyB, createdAt: text(r.createdAt, `${path}.createdAt`, COLUMN.createdAt) };
}

export function channelNameCount(value: unknown, path: string): BackupChannelNameCount {
  const c = object(value, path, ['channelKey', 'nameKey', 'count']);
  return {
    channelKey: text(c.channelKey, `${path}.channelKey`, COLUMN.key, true),
    // '' is the row counting the channel's descriptions themselves.
    nameKey: text(c.nameKey, `${path}.nameKey`, COLUMN.key),
    count: id(c.count, `${path}.count`),
  };
}
