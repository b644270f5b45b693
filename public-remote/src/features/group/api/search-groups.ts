import { queryOptions, useQuery } from '@tanstack/react-query';
import { GROUP_ROUTES, QUERY_KEYS, pagedListUrl, type GroupListItem, type Paged } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** Groups a search shows above the creators at most. */
export const GROUP_SEARCH_LIMIT = 6;

/** GET /api/groups?q=&limit=: the first groups whose name the search text finds. */
export const searchGroups = (text: string): Promise<Paged<GroupListItem>> =>
  api.get<Paged<GroupListItem>>(pagedListUrl(GROUP_ROUTES.groups, { q: text, limit: GROUP_SEARCH_LIMIT }));

export const groupSearchQueryOptions = (text: string) =>
  queryOptions({ queryKey: QUERY_KEYS.groupSearch(text), queryFn: () => searchGroups(text) });

/** Only for a typed term: the whole list of groups is not what a visitor searched for. */
export const useGroupSearch = (text: string) =>
  useQuery({ ...groupSearchQueryOptions(text), enabled: text.trim() !== '' });
