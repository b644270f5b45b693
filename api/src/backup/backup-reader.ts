/**
 * Reads a POST /api/backup body as it arrives: a streaming JSON tokenizer (stream-json), one record
 * assembled at a time, checked (backup-validation.ts) and handed on in batches, so memory holds a
 * batch and never the document (docs/architecture.md "Security").
 */
import { setImmediate } from 'node:timers/promises';
import { BadRequestException } from '@nestjs/common';
import {
  BACKUP_FORMAT,
  BACKUP_VERSIONS,
  type BackupChannelNameCount,
  type BackupCreator,
  type BackupEvent,
  type BackupEventProposal,
  type BackupEventRejection,
  type BackupGroup,
  type BackupImportResult,
  type BackupReviewProposal,
  type BackupReviewRejection,
  type BackupSuggestion,
  type BackupVersion,
  type BackupVideo,
} from '@friends/shared';
import { Assembler } from 'stream-json/core/assembler.js';
import parser, { jsonParser } from 'stream-json/core/parser.js';
import { none, type Many } from 'stream-chain/defs.js';
import { MAX_JSON_DEPTH, TOO_DEEP, type BodyChunks } from '../common/request-limits';
import {
  channelNameCount,
  creator,
  event,
  eventProposal,
  eventRejection,
  fail,
  group,
  reviewProposal,
  reviewRejection,
  suggestion,
  video,
} from './backup-validation';

type Token = parser.Token;

/** A record with its place in its list, for naming it in an error. */
export interface Numbered<T> {
  index: number;
  value: T;
}

/** Where the records go, a batch at a time, in the order of LISTS: what a record names is written first. */
export interface BackupSink {
  creators(batch: Numbered<BackupCreator>[]): Promise<void>;
  groups(batch: Numbered<BackupGroup>[]): Promise<void>;
  events(batch: Numbered<BackupEvent>[]): Promise<void>;
  videos(batch: Numbered<BackupVideo>[]): Promise<void>;
  suggestions(batch: Numbered<BackupSuggestion>[]): Promise<void>;
  eventProposals(batch: Numbered<BackupEventProposal>[]): Promise<void>;
  reviewProposals(batch: Numbered<BackupReviewProposal>[]): Promise<void>;
  reviewRejections(batch: Numbered<BackupReviewRejection>[]): Promise<void>;
  eventRejections(batch: Numbered<BackupEventRejection>[]): Promise<void>;
  channelNameCounts(batch: Numbered<BackupChannelNameCount>[]): Promise<void>;
}

/** Text tokenized at a time. */
const PIECE_BYTES = 4096;

/** The lists of the document, in the order they are written. */
const LISTS = [
  'creators',
  'groups',
  'events',
  'videos',
  'suggestions',
  'eventProposals',
  'reviewProposals',
  'reviewRejections',
  'eventRejections',
  'channelNameCounts',
] as const;
type List = (typeof LISTS)[number];

/**
 * Lists a version 2 backup may lack: backups taken before the Review queue, or the channels'
 * boilerplate counts, were kept had none.
 */
const OPTIONAL: readonly List[] = [
  'reviewProposals',
  'reviewRejections',
  'eventRejections',
  'channelNameCounts',
];

/** The lists each version holds. */
const VERSION_LISTS: Record<BackupVersion, readonly List[]> = {
  1: ['creators', 'videos', 'suggestions'],
  2: LISTS,
};

/** The lists a list's records name, which must come before it. */
const NAMES: Record<List, readonly List[]> = {
  creators: [],
  groups: ['creators'],
  events: [],
  videos: ['creators', 'events'],
  suggestions: [],
  eventProposals: ['videos'],
  reviewProposals: ['creators', 'videos'],
  reviewRejections: [],
  eventRejections: [],
  channelNameCounts: [],
};

const isList = (key: string | null): key is List => (LISTS as readonly (string | null)[]).includes(key);
const isVersion = (value: number): value is BackupVersion =>
  (BACKUP_VERSIONS as readonly number[]).includes(value);

class BackupReader {
  /** Arrays and objects open around the current token. */
  private depth = 0;
  /** The top-level field whose value is being read. */
  private field: string | null = null;
  private readonly seen = new Set<string>();
  private readonly record = new Assembler();
  /** Read before any list (an exported backup starts with it): it decides the records' shape. */
  private version: BackupVersion | null = null;
  /** Ids that later records refer to, and ids kept in no table lookup (the ids of memberships). */
  private readonly creatorIds = new Set<number>();
  private readonly eventIds = new Set<number>();
  private readonly videoIds = new Set<number>();
  private readonly membershipIds = new Set<number>();
  private readonly proposalPairs = new Set<string>();
  private readonly counts: Record<List, number> = {
    creators: 0,
    groups: 0,
    events: 0,
    videos: 0,
    suggestions: 0,
    eventProposals: 0,
    reviewProposals: 0,
    reviewRejections: 0,
    eventRejections: 0,
    channelNameCounts: 0,
  };
  private readonly pending: { [K in List]: Numbered<Parameters<BackupSink[K]>[0][number]['value']>[] } = {
    creators: [],
    groups: [],
    events: [],
    videos: [],
    suggestions: [],
    eventProposals: [],
    reviewProposals: [],
    reviewRejections: [],
    eventRejections: [],
    channelNameCounts: [],
  };

  constructor(
    private readonly sink: BackupSink,
    private readonly batchSize: number,
  ) {}

  read(token: Token): void {
    switch (token.name) {
      case 'startObject':
      case 'startArray':
        if (++this.depth > MAX_JSON_DEPTH) throw new BadRequestException(TOO_DEEP);
        if (this.depth === 1) {
          if (token.name === 'startArray') fail('the backup', 'must be an object');
        } else if (this.depth === 2) {
          if (!isList(this.field) || token.name === 'startObject') this.wrongValue();
        } else this.record.consume(token);
        return;
      case 'endObject':
      case 'endArray':
        this.depth--;
        if (this.depth >= 2) {
          this.record.consume(token);
          if (this.depth === 2) this.recordRead();
        }
        return;
      case 'keyValue':
        if (this.depth === 1) this.startField(token.value);
        else this.record.consume(token);
        return;
      default:
        if (this.depth === 0) fail('the backup', 'must be an object');
        if (this.depth === 1) this.scalarField(token);
        else {
          this.record.consume(token);
          if (this.depth === 2) this.recordRead();
        }
    }
  }

  /**
   * Hands on every full batch; `all` at the end, the rest too. A list with a full batch first has
   * every list before it written whole (those lists are complete: the document keeps their order).
   */
  async flush(all = false): Promise<void> {
    const lastFull = all
      ? LISTS.length - 1
      : LISTS.findLastIndex((list) => this.pending[list].length >= this.batchSize);
    for (const [i, list] of LISTS.entries()) {
      if (i > lastFull) return;
      const pending = this.pending[list];
      while (pending.length >= (i < lastFull || all ? 1 : this.batchSize)) {
        const batch = pending.splice(0, this.batchSize);
        await (this.sink[list] as (batch: Numbered<unknown>[]) => Promise<void>)(batch);
      }
    }
  }

  async end(): Promise<BackupImportResult> {
    const keys = ['format', 'version', ...(this.version ? VERSION_LISTS[this.version] : LISTS)];
    const missing = keys.filter((key) => !this.seen.has(key) && !OPTIONAL.includes(key as List));
    if (missing.length) fail('the backup', `lacks ${missing.join(', ')}`);
    await this.flush(true);
    return { ...this.counts };
  }

  private startField(key: string): void {
    const known = ['format', 'version', ...(this.version ? VERSION_LISTS[this.version] : LISTS)];
    if (!known.includes(key)) fail('the backup', `has unknown field(s) ${key}`);
    if (this.seen.has(key)) fail('the backup', `has ${key} twice`);
    if (isList(key)) {
      // The version decides the records' shape, and a list's records name those of earlier lists.
      if (!this.version) fail(key, 'must come after version, as in an exported backup');
      const later = NAMES[key].find(
        (earlier) => VERSION_LISTS[this.version!].includes(earlier) && !this.seen.has(earlier),
      );
      if (later) fail(key, `must come after ${later}, as in an exported backup`);
    }
    this.seen.add(key);
    this.field = key;
  }

  private wrongValue(): never {
    if (this.field === 'format') fail('format', `must be "${BACKUP_FORMAT}"`);
    if (this.field === 'version') fail('version', `must be ${BACKUP_VERSIONS.join(' or ')}`);
    fail(String(this.field), 'must be an array');
  }

  private scalarField(token: Token): void {
    const value = 'value' in token ? token.value : undefined;
    if (this.field === 'format' && token.name === 'stringValue' && value === BACKUP_FORMAT) return;
    if (this.field === 'version' && token.name === 'numberValue') {
      const version = Number(value);
      if (isVersion(version)) {
        this.version = version;
        return;
      }
    }
    this.wrongValue();
  }

  /** The record the assembler holds is complete: check it and queue it. */
  private recordRead(): void {
    const list = this.field as List;
    const version = this.version!;
    const index = this.counts[list]++;
    const path = `${list}[${index}]`;
    const value: unknown = this.record.current;
    switch (list) {
      case 'creators': {
        const record = creator(value, path, version);
        if (this.creatorIds.has(record.id)) fail(`${path}.id`, `repeats id ${record.id}`);
        this.creatorIds.add(record.id);
        this.pending.creators.push({ index, value: record });
        return;
      }
      case 'groups': {
        const record = group(value, path, this.creatorIds);
        for (const [i, member] of record.members.entries()) {
          if (this.membershipIds.has(member.id))
            fail(`${path}.members[${i}].id`, `repeats membership id ${member.id}`);
          this.membershipIds.add(member.id);
        }
        this.pending.groups.push({ index, value: record });
        return;
      }
      case 'events': {
        const record = event(value, path);
        if (this.eventIds.has(record.id)) fail(`${path}.id`, `repeats id ${record.id}`);
        this.eventIds.add(record.id);
        this.pending.events.push({ index, value: record });
        return;
      }
      case 'videos': {
        const record = video(value, path, version, { creators: this.creatorIds, events: this.eventIds });
        this.videoIds.add(record.id);
        this.pending.videos.push({ index, value: record });
        return;
      }
      case 'suggestions':
        this.pending.suggestions.push({ index, value: suggestion(value, path) });
        return;
      case 'eventProposals': {
        const record = eventProposal(value, path, this.videoIds);
        const pair = `${record.videoA}:${record.videoB}`;
        if (this.proposalPairs.has(pair))
          fail(path, `repeats the pair of videos ${record.videoA} and ${record.videoB}`);
        this.proposalPairs.add(pair);
        this.pending.eventProposals.push({ index, value: record });
        return;
      }
      case 'reviewProposals':
        this.pending.reviewProposals.push({
          index,
          value: reviewProposal(value, path, { creators: this.creatorIds, videos: this.videoIds }),
        });
        return;
      case 'reviewRejections':
        this.pending.reviewRejections.push({ index, value: reviewRejection(value, path) });
        return;
      case 'eventRejections':
        this.pending.eventRejections.push({ index, value: eventRejection(value, path) });
        return;
      case 'channelNameCounts':
        this.pending.channelNameCounts.push({ index, value: channelNameCount(value, path) });
    }
  }
}

/**
 * Reads a backup from `chunks`, checking each record as it is complete and handing the records to
 * `sink` in batches of `batchSize` (awaited: the body is read no faster than the sink writes).
 * Throws 400 `{ error }` naming the first problem met; what the sink wrote is then the caller's to
 * roll back.
 */
export async function readBackup(
  chunks: BodyChunks,
  sink: BackupSink,
  batchSize = 200,
): Promise<BackupImportResult> {
  const reader = new BackupReader(sink, batchSize);
  // A flushable stage: called with `none`, it ends the input.
  const tokenize = jsonParser({ streamValues: false }) as (
    text: string | typeof none,
  ) => Many<Token> | typeof none;
  // UTF-8 as Buffer#toString reads it (a broken sequence becomes U+FFFD); a leading BOM is dropped.
  const decoder = new TextDecoder();
  /** Tokens for `text`; `none` ends the input (and fails if the JSON is incomplete). */
  const read = (text: string | typeof none) => {
    let tokens;
    try {
      tokens = tokenize(text);
    } catch (error) {
      fail('the JSON', `is malformed (${(error as Error).message})`);
    }
    if (typeof tokens === 'object') for (const token of tokens.values) reader.read(token);
  };
  for await (const chunk of chunks) {
    // Small pieces keep few tokens and records alive at once: V8 then collects them young, where
    // whole 64 KB chunks got their records promoted and the old generation grew by tens of MB.
    for (let at = 0; at < chunk.length; at += PIECE_BYTES) {
      read(decoder.decode(chunk.subarray(at, at + PIECE_BYTES), { stream: true }));
      await reader.flush();
    }
    // SQLite writes synchronously and a buffered body needs no I/O wait: let other requests in.
    await setImmediate();
  }
  read(decoder.decode());
  read(none);
  return reader.end();
}
