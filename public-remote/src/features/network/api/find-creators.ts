import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  PAGING,
  QUERY_KEYS,
  normalizeName,
  pagedListUrl,
  type CreatorListItem,
  type CreatorPage,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

const byName = (key: string, limit: number) =>
  api.get<CreatorPage>(pagedListUrl(API_ROUTES.creatorsSearch, { q: key, scope: 'names', limit }));

/** Typeahead: the first `limit` creators whose name or alias contains what was typed (server-side). */
export const useCreatorSuggestions = (typed: string, limit: number) => {
  const key = normalizeName(typed);
  return useQuery({
    queryKey: [...QUERY_KEYS.creatorSearch(key, 'names'), limit],
    queryFn: () => byName(key, limit).then((page) => page.items),
    placeholderData: keepPreviousData,
  });
};

/** The creator called exactly `name` (ignoring case and spacing), if there is one. */
export async function findCreatorByName(name: string): Promise<CreatorListItem | undefined> {
  const key = normalizeName(name);
  if (!key) return undefined;
  const page = await byName(key, PAGING.maxLimit);
  return page.items.find((creator) => normalizeName(creator.name) === key);
}
