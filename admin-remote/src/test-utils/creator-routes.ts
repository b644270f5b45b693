import {
  API_ROUTES,
  PAGING,
  channelUrlKey,
  findDuplicateGroups,
  normalizeName,
  type ChannelOwner,
  type CreatorIds,
  type CreatorListItem,
  type CreatorPage,
  type DuplicateGroupPage,
} from '@friends/shared';
import type { MockAnswer, RecordedRequest } from './mock-fetch';

type Source = readonly CreatorListItem[] | (() => readonly CreatorListItem[]);

/**
 * The creator reads the admin screens make, answered over `source` (a list, or a function for one that
 * changes) as the API answers them: GET /api/creators/search (name or alias containing `q`, or the
 * listed `ids`; a page by `offset` and `limit`, with the total), /search/ids, /duplicates and
 * /channel-owner (the first creator but `exclude` whose first link is the same channel).
 */
export function creatorRoutes(source: Source): Record<string, (request: RecordedRequest) => MockAnswer> {
  const list = () => (typeof source === 'function' ? source() : source);
  const params = (request: RecordedRequest) => new URL(request.url, 'http://test').searchParams;
  const matching = (query: URLSearchParams) => {
    const needle = normalizeName(query.get('q') ?? '');
    return list().filter((creator) =>
      [creator.name, ...creator.aliases, ...(query.get('scope') === 'names' ? [] : [creator.channel])].some(
        (name) => normalizeName(name).includes(needle),
      ),
    );
  };
  const page = <T>(query: URLSearchParams, items: readonly T[], size: number) => {
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? size);
    return { total: items.length, items: items.slice(offset, offset + limit) };
  };
  return {
    [`GET ${API_ROUTES.creatorsSearch}`]: (request) => {
      const query = params(request);
      const ids = query.get('ids');
      const wanted = ids === null ? null : new Set(ids.split(',').map(Number));
      const items = wanted ? list().filter((creator) => wanted.has(creator.id)) : matching(query);
      const body: CreatorPage = page(query, items, PAGING.creatorsPage);
      return { body };
    },
    [`GET ${API_ROUTES.creatorsSearchIds}`]: (request) => {
      const ids = matching(params(request)).map((creator) => creator.id);
      const body: CreatorIds = { total: ids.length, ids };
      return { body };
    },
    [`GET ${API_ROUTES.creatorsDuplicates}`]: (request) => {
      const body: DuplicateGroupPage = page(
        params(request),
        findDuplicateGroups([...list()]),
        PAGING.duplicatesPage,
      );
      return { body };
    },
    [`GET ${API_ROUTES.creatorsChannelOwner}`]: (request) => {
      const query = params(request);
      const key = channelUrlKey(query.get('url') ?? '');
      const exclude = Number(query.get('exclude') ?? 0);
      const owner = list().find(
        (creator) =>
          creator.id !== exclude &&
          key !== null &&
          creator.socialLinks[0] !== undefined &&
          channelUrlKey(creator.socialLinks[0].url) === key,
      );
      const body: ChannelOwner = { creator: owner ? { id: owner.id, name: owner.name } : null };
      return { body };
    },
  };
}
