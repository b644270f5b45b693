import {
  beyondVisitorWindow,
  dropInvisibleCharacters,
  hasUnsafeCharacters,
  UNSAFE_TEXT_MESSAGE,
  MAX_WITH_NAMES,
  PAGING,
  SearchQueryError,
  parseSearchQuery,
  type SearchQuery,
} from '@friends/shared';
import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { VisitorWindow } from '../auth/access.decorators';

/** One page of a paged read: the first row's position and the number of rows. */
export interface Page {
  offset: number;
  limit: number;
}

export interface PageLimits {
  /** The limit when `?limit=` is absent. */
  defaultLimit: number;
  maxLimit: number;
  /** Without an admin session, pages end at PAGING.visitorWindow (shared `beyondVisitorWindow`). */
  visitorWindow?: boolean;
}

/** The 400 of a visitor's page past PAGING.visitorWindow. */
export const VISITOR_WINDOW_MESSAGE =
  `offset + limit must be at most ${PAGING.visitorWindow} without an admin session: ` +
  'narrow the search to reach further matches';

/** Nine digits at most: no table here has a billion rows, and nothing reaches Number's imprecise range. */
const MAX_OFFSET = 999_999_999;

function whole(name: string, value: unknown, min: number, max: number, absent: number): number {
  if (value === undefined) return absent;
  const text = typeof value === 'string' ? value : ''; // a repeated parameter arrives as an array
  const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max))
    throw new BadRequestException(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/**
 * `?offset=` (0 when absent) and `?limit=` as written: decimal digits only, so '1e2', '-0' or '5.0'
 * are refused rather than converted; an offset past the last row is valid (an empty page).
 */
export function parsePage(query: Record<string, unknown>, { defaultLimit, maxLimit }: PageLimits): Page {
  return {
    offset: whole('offset', query.offset, 0, MAX_OFFSET, 0),
    limit: whole('limit', query.limit, 1, maxLimit, defaultLimit),
  };
}

/**
 * A page of a visitor's request (the light path's, which takes no session): parsePage, and a 400 past
 * the visitor window where `limits` has one.
 */
export function parseVisitorPage(query: Record<string, unknown>, limits: PageLimits): Page {
  const page = parsePage(query, limits);
  if (limits.visitorWindow && beyondVisitorWindow(page))
    throw new BadRequestException(VISITOR_WINDOW_MESSAGE);
  return page;
}

/** Read from the raw query, not through the global ValidationPipe (see id-params.ts). */
const readPage = createParamDecorator((limits: PageLimits, context: ExecutionContext): Page => {
  const query = context.switchToHttp().getRequest<FastifyRequest>().query as Record<string, unknown>;
  return parsePage(query ?? {}, limits);
});

/**
 * The `?offset=&limit=` of a paged read, checked (400 when bad) and documented in the OpenAPI document;
 * with `visitorWindow`, the admin gate holds a request without a session to the window.
 */
export const PageQuery =
  (limits: PageLimits): ParameterDecorator =>
  (target, key, index) => {
    readPage(limits)(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    if (limits.visitorWindow) VisitorWindow(limits)(target, key, descriptor);
    ApiQuery({
      name: 'offset',
      required: false,
      schema: { type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 },
      ...(limits.visitorWindow
        ? { description: `without an admin session, offset + limit at most ${PAGING.visitorWindow}` }
        : {}),
    })(target, key, descriptor);
    ApiQuery({
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: limits.maxLimit, default: limits.defaultLimit },
    })(target, key, descriptor);
  };

/**
 * `?q=`: one search text of at most PAGING.maxTerm characters ('' when absent), without the invisible
 * characters a paste brings (shared dropInvisibleCharacters: "ペ\u200Bコラ" is ペコラ, a query of only
 * those is the empty search). Control characters (tab and line breaks included), noncharacters and lone
 * surrogates are still a 400: a NUL ends the text for the full-text parsers, and no name holds them.
 */
export function parseTerm(query: Record<string, unknown>): string {
  const value = query.q;
  if (value === undefined) return '';
  if (typeof value !== 'string' || value.length > PAGING.maxTerm)
    throw new BadRequestException(`q must be one text of at most ${PAGING.maxTerm} characters`);
  const term = dropInvisibleCharacters(value);
  if (hasUnsafeCharacters(term)) throw new BadRequestException(`q ${UNSAFE_TEXT_MESSAGE}`);
  return term;
}

const readTerm = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const query = context.switchToHttp().getRequest<FastifyRequest>().query as Record<string, unknown>;
  return parseTerm(query ?? {});
});

/** The `?q=` search text of a filtered list, checked (400 when bad) and documented in OpenAPI. */
export const SearchTerm =
  (description = 'substring to look for, ignoring case'): ParameterDecorator =>
  (target, key, index) => {
    readTerm()(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    ApiQuery({
      name: 'q',
      required: false,
      description,
      schema: { type: 'string', maxLength: PAGING.maxTerm, default: '' },
    })(target, key, descriptor);
  };

/** OpenAPI text of a `?q=` that takes `with:` terms: what they keep. */
export const WITH_SEARCH_DOC = (keeps: string): string =>
  `substring to look for, ignoring case; with up to ${MAX_WITH_NAMES} \`with:"Name"\` terms (a name or alias, ` +
  `any case) only ${keeps}; a name that names no creator gives an empty page that lists it in ` +
  '`unknownNames`, a malformed term (unclosed quote, no name, too many) a 400';

/** The `?q=` text read as a search query (plain text, or `with:` terms): 400 with the reason when malformed. */
export function searchQueryOf(term: string): SearchQuery {
  try {
    return parseSearchQuery(term);
  } catch (error) {
    if (error instanceof SearchQueryError) throw new BadRequestException(error.message);
    throw error;
  }
}
