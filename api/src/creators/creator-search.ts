import type { AmbiguousName, AuthorRef, CreatorSearchScope, SearchQuery } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/page-params';
import { int, placeholders, rows } from '../database/sql';
import { resolveWithNames, unresolvedNames } from './creator-reader';

export interface MatchingIds {
  total: number;
  /** The page's creator ids, in id order (the order of every creator list). */
  ids: number[];
  /** The query's `with:` names that name no creator (then nothing matches). */
  unknownNames?: string[];
  /** The `with:` names that could mean several creators (then nothing matches). */
  ambiguousNames?: AmbiguousName[];
  /** The creators the `with:` names name. */
  withCreators?: AuthorRef[];
}

/**
 * The creators who appear on a video with creator `?` (not that creator): its collaborators, read
 * through the video_authors (creator_id, video_id) index then the primary key, so the work grows with
 * that creator's videos, not with the tables.
 */
export const COLLABORATORS_OF = `SELECT o.creator_id FROM video_authors n
    JOIN video_authors o ON o.video_id = n.video_id AND o.creator_id <> n.creator_id
   WHERE n.creator_id = ?`;

/** The trigram index answers substrings of 3 characters or more; shorter ones are a scan either way. */
const TRIGRAM = 3;

/** An FTS5 phrase: the term quoted, quotes doubled, so nothing in it is read as query syntax. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Creators whose name, an alias or (scope 'all') the channel contains `query.text`, ignoring case, as
 * the client-side filter of shared/search.ts did. SQLite answers from the `creator_search` trigram
 * index (migration CreatorSearchIndex); MySQL/MariaDB and short terms scan the normalised key columns.
 */
export async function searchCreatorIds(
  manager: EntityManager,
  query: SearchQuery,
  scope: CreatorSearchScope,
  page: Page | null,
): Promise<MatchingIds> {
  if (query.withNames) return searchWith(manager, { ...query, withNames: query.withNames }, scope, page);
  const { text } = query;
  if (!text) {
    return answer(
      manager,
      'SELECT COUNT(*) AS total FROM creators',
      'SELECT id FROM creators ORDER BY id',
      [],
      page,
    );
  }
  if (manager.connection.options.type !== 'mysql' && [...text].length >= TRIGRAM) {
    const match = scope === 'names' ? `names : ${phrase(text)}` : phrase(text);
    return answer(
      manager,
      'SELECT COUNT(*) AS total FROM creator_search WHERE creator_search MATCH ?',
      'SELECT rowid AS id FROM creator_search WHERE creator_search MATCH ? ORDER BY rowid',
      [match],
      page,
    );
  }
  const { sql, params } = textCondition(text, scope);
  return matching(manager, sql, params, page);
}

/** Creators whose name or alias (scope 'all': or the channel, their first link) contains `text`. */
function textCondition(text: string, scope: CreatorSearchScope): { sql: string; params: string[] } {
  // name_key and the aliases' name_key are normalizeName() of the (already normalised) names.
  const params: string[] = [text, text];
  let sql = `instr(c.name_key, ?) > 0
      OR c.id IN (SELECT a.creator_id FROM creator_aliases a WHERE instr(a.name_key, ?) > 0)`;
  if (scope === 'all') {
    sql += `
      OR c.id IN (SELECT l.creator_id FROM social_links l
                   WHERE instr(lower(l.url), ?) > 0
                     AND l.position = (SELECT MIN(m.position) FROM social_links m WHERE m.creator_id = l.creator_id))`;
    params.push(text);
  }
  return { sql, params };
}

function matching(
  manager: EntityManager,
  where: string,
  params: (string | number)[],
  page: Page | null,
): Promise<MatchingIds> {
  return answer(
    manager,
    `SELECT COUNT(*) AS total FROM creators c WHERE ${where}`,
    `SELECT c.id FROM creators c WHERE ${where} ORDER BY c.id`,
    params,
    page,
  );
}

/**
 * One page of the ids `idsSql` lists and the count of `countSql`; without a page, every id (a bulk
 * list's Select All), which is then the count too.
 */
async function answer(
  manager: EntityManager,
  countSql: string,
  idsSql: string,
  params: (string | number)[],
  page: Page | null,
): Promise<MatchingIds> {
  const paging = page ? ` LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}` : '';
  const found = (await rows<{ id: number }>(manager, idsSql + paging, params)).map((row) => int(row.id));
  if (!page) return { total: found.length, ids: found };
  const [count] = await rows<{ total: number }>(manager, countSql, params);
  return { total: int(count?.total), ids: found };
}

/** The given creators that exist, a page of them in id order (a picker's chips, named by id). */
export async function existingCreatorIds(
  manager: EntityManager,
  ids: readonly number[],
  page: Page,
): Promise<MatchingIds> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const found =
    wanted.length === 0
      ? []
      : (
          await rows<{ id: number }>(
            manager,
            `SELECT id FROM creators WHERE id IN ${placeholders(wanted.length)} ORDER BY id`,
            wanted,
          )
        ).map((row) => int(row.id));
  return { total: found.length, ids: found.slice(page.offset, page.offset + page.limit) };
}

/**
 * `with:` search (docs/product.md §2): the creators who have a video with every named creator, and
 * whose name, alias or channel holds the rest of the query. Driven by the first name's collaborators,
 * so the cost follows those creators' videos and the page, not the tables. An unknown name matches
 * nothing and is reported.
 */
async function searchWith(
  manager: EntityManager,
  query: SearchQuery & { withNames: string[] },
  scope: CreatorSearchScope,
  page: Page | null,
): Promise<MatchingIds> {
  const resolved = await resolveWithNames(manager, query.withNames);
  const { ids, creators } = resolved;
  if (resolved.unknownNames.length > 0 || resolved.ambiguousNames.length > 0)
    return { total: 0, ids: [], ...unresolvedNames(resolved) };
  const conditions = ids.map(() => `c.id IN (${COLLABORATORS_OF})`);
  const params: (string | number)[] = [...ids];
  if (query.text) {
    // Checked per candidate through the creator indexes (not the table-wide IN lists of the plain search).
    conditions.push(`(instr(c.name_key, ?) > 0
      OR EXISTS (SELECT 1 FROM creator_aliases a WHERE a.creator_id = c.id AND instr(a.name_key, ?) > 0)${
        scope === 'all'
          ? `
      OR EXISTS (SELECT 1 FROM social_links l WHERE l.creator_id = c.id AND instr(lower(l.url), ?) > 0
                    AND l.position = (SELECT MIN(m.position) FROM social_links m WHERE m.creator_id = c.id))`
          : ''
      })`);
    params.push(query.text, query.text);
    if (scope === 'all') params.push(query.text);
  }
  return { ...(await matching(manager, conditions.join(' AND '), params, page)), withCreators: creators };
}
