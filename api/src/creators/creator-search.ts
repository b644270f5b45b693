import type { CreatorSearchScope, SearchQuery } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/page-params';
import { int, rows } from '../database/sql';

export interface MatchingIds {
  total: number;
  /** The page's creator ids, in id order (the order of every creator list). */
  ids: number[];
}

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
  page: Page,
): Promise<MatchingIds> {
  const { text } = query;
  const paging = `LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`;
  if (!text) {
    const [count] = await rows<{ total: number }>(manager, 'SELECT COUNT(*) AS total FROM creators');
    const found = await rows<{ id: number }>(manager, `SELECT id FROM creators ORDER BY id ${paging}`);
    return { total: int(count?.total), ids: found.map((row) => int(row.id)) };
  }
  if (manager.connection.options.type !== 'mysql' && [...text].length >= TRIGRAM) {
    const match = scope === 'names' ? `names : ${phrase(text)}` : phrase(text);
    const [count] = await rows<{ total: number }>(
      manager,
      'SELECT COUNT(*) AS total FROM creator_search WHERE creator_search MATCH ?',
      [match],
    );
    const found = await rows<{ id: number }>(
      manager,
      `SELECT rowid AS id FROM creator_search WHERE creator_search MATCH ? ORDER BY rowid ${paging}`,
      [match],
    );
    return { total: int(count?.total), ids: found.map((row) => int(row.id)) };
  }
  // name_key and the aliases' name_key are normalizeName() of the (already normalised) names.
  const params: string[] = [text, text];
  let where = `instr(c.name_key, ?) > 0
      OR c.id IN (SELECT a.creator_id FROM creator_aliases a WHERE instr(a.name_key, ?) > 0)`;
  if (scope === 'all') {
    where += `
      OR c.id IN (SELECT l.creator_id FROM social_links l
                   WHERE instr(lower(l.url), ?) > 0
                     AND l.position = (SELECT MIN(m.position) FROM social_links m WHERE m.creator_id = l.creator_id))`;
    params.push(text);
  }
  const [count] = await rows<{ total: number }>(
    manager,
    `SELECT COUNT(*) AS total FROM creators c WHERE ${where}`,
    params,
  );
  const found = await rows<{ id: number }>(
    manager,
    `SELECT c.id FROM creators c WHERE ${where} ORDER BY c.id ${paging}`,
    params,
  );
  return { total: int(count?.total), ids: found.map((row) => int(row.id)) };
}
