import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, type VersionInfo } from '@friends/shared';
import { api } from '@friends/web/api-client';

export const getVersion = (): Promise<VersionInfo> => api.get<VersionInfo>(API_ROUTES.version);

export const versionQueryOptions = () =>
  queryOptions({ queryKey: ['version'], queryFn: getVersion, staleTime: Infinity, retry: false });

export const useVersion = () => useQuery(versionQueryOptions());
