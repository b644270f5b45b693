/**
 * Reads a POST /api/backup body as it arrives: a streaming JSON tokenizer (stream-json), one record
 * assembled at a time, checked (backup-validation.ts) and handed on in batches, so memory holds a
 * batch and never the document (docs/architecture.md "Security").
 */
import { setImmediate } from 'node:timers/promises';
import { BadRequestException } from '@nestjs/common';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupCreator,
  type BackupImportResult,
  type BackupSuggestion,
  type BackupVideo,
} from '@friends/shared';
import { Assembler } from 'stream-json/core/assembler.js';
import parser, { jsonParser } from 'stream-json/core/parser.js';
import { none, type Many } from 'stream-chain/defs.js';
import { MAX_JSON_DEPTH, TOO_DEEP, type BodyChunks } from '../common/request-limits';
import { creator, fail, suggestion, video } from './backup-validation';

type Token = parser.Token;

/** A record with its place in its list, for naming it in an error. */
export interface Numbered<T> {
  index: number;
  value: T;
}

/** Where the records go, a batch at a time: creators before the videos that name them. */
export interface BackupSink {
  creators(batch: Numbered<BackupCreator>[]): Promise<void>;
  videos(batch: Numbered<BackupVideo>[]): Promise<void>;
  suggestions(batch: Numbered<BackupSuggestion>[]): Promise<void>;
}

/** Text tokenized at a time. */
const PIECE_BYTES = 4096;

const LISTS = ['creators', 'videos', 'suggestions'] as const;
type List = (typeof LISTS)[number];
const ROOT_KEYS: readonly string[] = ['format', 'version', ...LISTS];

const isList = (key: string | null): key is List => (LISTS as readonly (string | null)[]).includes(key);

class BackupReader {
  /** Arrays and objects open around the current token. */
  private depth = 0;
  /** The top-level field whose value is being read. */
  private field: string | null = null;
  private readonly seen = new Set<string>();
  private readonly record = new Assembler();
  private readonly creatorIds = new Set<number>();
  private readonly counts: Record<List, number> = { creators: 0, videos: 0, suggestions: 0 };
  private readonly pending: { [K in List]: Numbered<Parameters<BackupSink[K]>[0][number]['value']>[] } = {
    creators: [],
    videos: [],
    suggestions: [],
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

  /** Hands on every full batch; `all` at the end, the rest too. Creators first: videos name them. */
  async flush(all = false): Promise<void> {
    for (const list of LISTS) {
      const pending = this.pending[list];
      while (pending.length >= (all ? 1 : this.batchSize)) {
        const batch = pending.splice(0, this.batchSize);
        await (this.sink[list] as (batch: Numbered<unknown>[]) => Promise<void>)(batch);
      }
    }
  }

  async end(): Promise<BackupImportResult> {
    const missing = ROOT_KEYS.filter((key) => !this.seen.has(key));
    if (missing.length) fail('the backup', `lacks ${missing.join(', ')}`);
    await this.flush(true);
    return { ...this.counts };
  }

  private startField(key: string): void {
    if (!ROOT_KEYS.includes(key)) fail('the backup', `has unknown field(s) ${key}`);
    if (this.seen.has(key)) fail('the backup', `has ${key} twice`);
    this.seen.add(key);
    this.field = key;
  }

  private wrongValue(): never {
    if (this.field === 'format') fail('format', `must be "${BACKUP_FORMAT}"`);
    if (this.field === 'version') fail('version', `must be ${BACKUP_VERSION}`);
    fail(String(this.field), 'must be an array');
  }

  private scalarField(token: Token): void {
    const value = 'value' in token ? token.value : undefined;
    if (this.field === 'format' && token.name === 'stringValue' && value === BACKUP_FORMAT) return;
    if (this.field === 'version' && token.name === 'numberValue' && Number(value) === BACKUP_VERSION) return;
    this.wrongValue();
  }

  /** The record the assembler holds is complete: check it and queue it. */
  private recordRead(): void {
    const list = this.field as List;
    const index = this.counts[list]++;
    const path = `${list}[${index}]`;
    const value: unknown = this.record.current;
    if (list === 'creators') {
      const record = creator(value, path);
      if (this.creatorIds.has(record.id)) fail(`${path}.id`, `repeats id ${record.id}`);
      this.creatorIds.add(record.id);
      this.pending.creators.push({ index, value: record });
    } else if (list === 'videos') {
      // Authors are checked against the creators read so far, so those must come first.
      if (!this.seen.has('creators')) fail('videos', 'must come after creators, as in an exported backup');
      this.pending.videos.push({ index, value: video(value, path, this.creatorIds) });
    } else {
      this.pending.suggestions.push({ index, value: suggestion(value, path) });
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
