/** GET /api/history/{id} (admin): one entry with the rows it changed, named; read when it is opened. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HISTORY_ROUTES, QUERY_KEYS, type HistoryDetail } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getHistoryEntry = (id: number): Promise<HistoryDetail> =>
  api.get<HistoryDetail>(HISTORY_ROUTES.entry(id));

export const historyEntryOptions = (id: number) =>
  queryOptions({ queryKey: [...QUERY_KEYS.history, 'entry', id], queryFn: () => getHistoryEntry(id) });

export const useHistoryEntry = (id: number, enabled: boolean) =>
  useQuery({ ...historyEntryOptions(id), enabled });
