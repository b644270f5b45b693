import type { CreatorListItem, CreatorPage, CreatorSearchScope, SearchQuery } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/page-params';
import type { CreatorCounts } from '../counts/creator-counts.service';
import { int, rows, rowsWhereIn } from '../database/sql';
import { readLinks, readOtherNames, toCreator } from './creator-reader';
import { searchCreatorIds, type ShortCount } from './creator-search';

interface ListRow {
  id: number;
  name: string;
  photo: string;
  video_count: number | string | null;
  collab_count: number | string | null;
}

/**
 * One page of the creator search (GET /api/creators/search with `q`): the matching ids
 * (creator-search.ts), then those creators with their counts and aliases. The whole computation of
 * one search, run in the request's read on the main thread or in a search thread
 * (search-threads/search-pool.ts), so both paths run the same statements.
 */
export async function searchCreatorPage(
  manager: EntityManager,
  query: SearchQuery,
  scope: CreatorSearchScope,
  page: Page,
  shortCount?: ShortCount,
): Promise<CreatorPage> {
  const { total, ids, unknownNames, ambiguousNames, withCreators } = await searchCreatorIds(
    manager,
    query,
    scope,
    page,
    shortCount,
  );
  const items = ids.length === 0 ? [] : await readCreatorList(manager, ids);
  if (unknownNames || ambiguousNames)
    return {
      total,
      items,
      ...(unknownNames && { unknownNames }),
      ...(ambiguousNames && { ambiguousNames }),
    };
  return withCreators ? { total, items, withCreators } : { total, items };
}

/**
 * Every creator with counts and aliases, by id (`counts` from CreatorCountsReader); with `ids`, those
 * creators only (in id order), with their stored counts.
 */
export async function readCreatorList(
  manager: EntityManager,
  ids?: readonly number[],
  counts?: ReadonlyMap<number, CreatorCounts>,
): Promise<CreatorListItem[]> {
  let creators: ListRow[];
  if (ids === undefined) {
    creators = (await rows<ListRow>(manager, 'SELECT id, name, photo FROM creators ORDER BY id')).map(
      (row) => {
        const own = counts?.get(int(row.id));
        return Object.assign(row, { video_count: own?.total ?? 0, collab_count: own?.collaborations ?? 0 });
      },
    );
  } else {
    creators = await rowsWhereIn<ListRow>(
      manager,
      'c.id',
      ids,
      (where) =>
        `SELECT c.id, c.name, c.photo, cc.videos AS video_count, cc.collaborations AS collab_count
           FROM creators c LEFT JOIN creator_counts cc ON cc.creator_id = c.id
         ${where} ORDER BY c.id`,
    );
  }
  const links = await readLinks(manager, ids);
  const otherNames = await readOtherNames(manager, ids);
  const aliases = new Map<number, string[]>();
  const aliasRows = await rowsWhereIn<{ creator_id: number; name: string }>(
    manager,
    'creator_id',
    ids,
    (where) => `SELECT creator_id, name FROM creator_aliases ${where} ORDER BY creator_id, id`,
  );
  for (const alias of aliasRows) {
    const id = int(alias.creator_id);
    const list = aliases.get(id);
    if (list) list.push(alias.name);
    else aliases.set(id, [alias.name]);
  }
  return creators.map((row) => {
    const id = int(row.id);
    return Object.assign(toCreator(row, links.get(id) ?? [], otherNames.get(id) ?? []), {
      videoCount: int(row.video_count),
      collabCount: int(row.collab_count),
      aliases: aliases.get(id) ?? [],
    });
  });
}
