/**
 * The admin's creator reads, all paged or bounded on the server (no screen reads GET /api/creators):
 * a filtered list a page at a time (Manage Creators, the video forms' typeahead), every match's id (a
 * Select All), and named creators by id (a picker's chips, detected collaborators). Every key sits
 * under QUERY_KEYS.creators, so a write's invalidation refreshes them.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  PAGING,
  QUERY_KEYS,
  nextPageOffset,
  normalizeName,
  pagedListUrl,
  type CreatorIds,
  type CreatorListItem,
  type CreatorPage,
} from '@friends/shared';
import { api } from '@friends/web/api-client';

/** The admin lists match names and aliases, normalised as the duplicate rule does ('Ann  Bo' = 'ann bo'). */
export const creatorFilterText = (filter: string): string => normalizeName(filter);

export const getCreatorPage = (text: string, offset: number, limit: number = PAGING.creatorsPage) =>
  api.get<CreatorPage>(pagedListUrl(API_ROUTES.creatorsSearch, { q: text, scope: 'names', offset, limit }));

/** Creators whose name or alias contains `text` (creatorFilterText's form), a page at a time. */
export function useCreatorPages(
  text: string,
  { limit = PAGING.creatorsPage as number, enabled = true }: { limit?: number; enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({
    queryKey: [...QUERY_KEYS.creatorSearch(text, 'names'), limit],
    queryFn: ({ pageParam }) => getCreatorPage(text, pageParam, limit),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
    placeholderData: keepPreviousData,
    enabled,
  });
  const creators: CreatorListItem[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total;
  return { ...query, creators, total };
}

/** The id of every creator matching `text` (creatorFilterText's form): what Select All selects. */
export const getCreatorIds = (text: string): Promise<CreatorIds> =>
  api.get<CreatorIds>(pagedListUrl(API_ROUTES.creatorsSearchIds, { q: text, scope: 'names' }));

/** The creators of `ids` that exist (any number: asked for PAGING.maxLimit at a time), in id order. */
export async function getCreatorsByIds(ids: readonly number[]): Promise<CreatorListItem[]> {
  const unique = [...new Set(ids)];
  const parts: number[][] = [];
  for (let i = 0; i < unique.length; i += PAGING.maxLimit) parts.push(unique.slice(i, i + PAGING.maxLimit));
  const pages = await Promise.all(
    parts.map((part) =>
      api.get<CreatorPage>(pagedListUrl(API_ROUTES.creatorsSearch, { ids: part, limit: PAGING.maxLimit })),
    ),
  );
  return pages.flatMap((page) => page.items);
}

/** Named creators by id, for chips and labels; the previous answer stays while the ids change. */
export function useCreatorsByIds(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: QUERY_KEYS.creatorsByIds(sorted),
    queryFn: () => getCreatorsByIds(sorted),
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
  });
}
