/** The shared fetch mock, plus the routes the search view reads. */
import { type MockAnswer, type RecordedRequest } from '../../../test-support/mock-fetch';
import {
  API_ROUTES,
  PAGING,
  buildSearchIndex,
  filterSearchIndex,
  normalizeName,
  type CreatorListItem,
  type CreatorPage,
} from '@friends/shared';

export * from '../../../test-support/mock-fetch';

/**
 * GET /api/creators/search over `creators`, as the API answers it: the matches of `q` (name, channel
 * and aliases; `scope=names`: name and aliases), a page of them by `offset` and `limit`, and the total.
 */
export function creatorsRoutes(
  creators: readonly CreatorListItem[],
): Record<string, (request: RecordedRequest) => MockAnswer> {
  return {
    [`GET ${API_ROUTES.creatorsSearch}`]: (request) => {
      const query = new URL(request.url, 'http://test').searchParams;
      const q = query.get('q') ?? '';
      const matches =
        query.get('scope') === 'names'
          ? creators.filter((c) =>
              [c.name, ...c.aliases].map(normalizeName).join('\n').includes(normalizeName(q)),
            )
          : filterSearchIndex(buildSearchIndex(creators), q);
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? PAGING.creatorsPage);
      const body: CreatorPage = { total: matches.length, items: matches.slice(offset, offset + limit) };
      return { body };
    },
  };
}
