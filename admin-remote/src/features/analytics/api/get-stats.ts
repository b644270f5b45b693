/** GET /api/stats: totals and per-creator figures, computed by the API in SQL (DESIGN.md departure 5). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, type Analytics } from '@friends/shared';
import { api } from '../../../lib/api-client';

export const getStats = (): Promise<Analytics> => api.get<Analytics>(API_ROUTES.stats);

export const statsQueryOptions = () => queryOptions({ queryKey: QUERY_KEYS.stats, queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions());
