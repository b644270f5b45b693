/**
 * Caching of read answers in one place (docs/architecture.md "Architecture rules"): a handler returns its
 * typed result, and `@CachedAnswer({ reads })` on the route keeps it serialised in the AggregateCache,
 * under the request's URL, until a write changes one of the tables it reads. The bytes kept are then
 * what the rest of the stack knows: their ETag made once, their gzip and brotli forms made once, the
 * replay of cookie-less GETs (cached-answers.ts), the byte and entry limits.
 *
 * The interceptor runs before the route's pipes, so a hit skips them: safe because the key is the URL
 * as sent, and a URL is only ever kept after its one computation passed validation and answered (a
 * 4xx or a failure is not kept).
 */
import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { addDays, utcDay } from '@friends/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { AggregateCache, type AnswerOptions } from '../database/aggregate-cache.service';

/**
 * Tables answers are built from, by the names writes are recorded under (database/answer-invalidation.ts):
 * the creator name index is `creator_search_keys` with its short pieces (`creator_search_shorts`) and, on
 * MySQL/MariaDB, its trigrams (`creator_search_grams`).
 *
 * What a list of creators shows: their rows, names, links, counts and the search index kept from them.
 */
export const CREATOR_TABLES = [
  'creators',
  'creator_aliases',
  'creator_other_names',
  'social_links',
  'creator_search_keys',
  'creator_search_shorts',
  'creator_search_grams',
  'creator_counts',
] as const;
/** Everything a public answer may show: creators, videos, authorship and the counts kept of them. */
export const CATALOGUE_TABLES = [
  ...CREATOR_TABLES,
  'videos',
  'video_authors',
  'creator_pairs',
  'creator_video_dates',
  'video_counts',
  'video_crew',
  'events',
  'count_totals',
  'creator_event_counts',
] as const;

/** The catalogue and the groups with their dated memberships (group boards and stats). */
export const GROUP_TABLES = [...CATALOGUE_TABLES, 'creator_groups', 'group_members'] as const;

/** Every table an answer may read. */
export const ANSWER_TABLES: readonly AnswerTable[] = GROUP_TABLES;
export type AnswerTable = (typeof GROUP_TABLES)[number];

export interface CachedAnswerOptions {
  /** The tables the answer is built from: a write changing one of them drops it. */
  reads: readonly AnswerTable[];
  /**
   * 'utc-midnight': the answer also depends on the day (rolling windows of whole UTC days), so the day
   * is part of its key and it stops being current, and replayed, at the next midnight UTC.
   */
  expires?: 'utc-midnight';
  /** Default 'always'; see AnswerOptions.keep (the searches, asked with a new term nearly every time). */
  keep?: AnswerOptions['keep'];
  /**
   * The creators the route's `answer` to the request's `query` shows, when what it reads of the
   * creators' own rows is theirs alone (AnswerOptions.shows); null when it depends on others'.
   */
  shows?: (answer: unknown, query: Readonly<Record<string, unknown>>) => readonly number[] | null;
}

const CACHED_ANSWER = Symbol('cachedAnswer');
const JSON_TYPE = 'application/json; charset=utf-8';

@Injectable()
export class CachedAnswerInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: AggregateCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<CachedAnswerOptions | undefined>(CACHED_ANSWER, context.getHandler());
    if (!options) return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    void http.getResponse<FastifyReply>().type(JSON_TYPE);
    const { key, expiresAt } = answerKey(request.url, options);
    const { shows } = options;
    return from(
      this.cache.json(key, () => lastValueFrom(next.handle()), {
        reads: options.reads,
        expiresAt,
        keep: options.keep,
        shows: shows && ((value) => shows(value, request.query as Record<string, unknown>)),
      }),
    );
  }
}

/**
 * Where the answer to `url` is kept, and when it ends: the HTTP server's light path
 * (cached-answers.ts) keeps its answers under the same key, so either path finds the other's.
 */
export function answerKey(
  url: string,
  options: Pick<CachedAnswerOptions, 'expires'>,
): { key: string; expiresAt: number | undefined } {
  if (options.expires !== 'utc-midnight') return { key: `answer ${url}`, expiresAt: undefined };
  const today = utcDay();
  return { key: `answer ${url} ${today}`, expiresAt: Date.parse(`${addDays(today, 1)}T00:00:00Z`) };
}

/**
 * Caches the route's answer (a GET's typed result) as described above, and sends it as JSON. The
 * handler is called only on a miss; concurrent misses share one call.
 */
export const CachedAnswer = (options: CachedAnswerOptions) =>
  applyDecorators(SetMetadata(CACHED_ANSWER, options), UseInterceptors(CachedAnswerInterceptor));
