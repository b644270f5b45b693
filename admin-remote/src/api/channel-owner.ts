/**
 * GET /api/creators/channel-owner: which other creator already has a channel URL, asked while the URL
 * is typed (after a pause, and once per channel: the key is the URL's canonical form).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, QUERY_KEYS, channelUrlKey, type ChannelOwner } from '@friends/shared';
import { api } from '@friends/web/api-client';

/** How long typing must pause before the server is asked. */
export const CHANNEL_LOOKUP_DELAY_MS = 400;

export const getChannelOwner = (url: string, exclude: number | null): Promise<ChannelOwner> => {
  const params = new URLSearchParams({ url });
  if (exclude !== null) params.set('exclude', String(exclude));
  return api.get<ChannelOwner>(`${API_ROUTES.creatorsChannelOwner}?${params.toString()}`);
};

/** The other creator whose channel `url` is (null while typing, for no URL, or when nobody has it). */
export function useChannelOwner(url: string, exclude: number | null): ChannelOwner['creator'] {
  const [settled, setSettled] = useState(url);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(url), CHANNEL_LOOKUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [url]);
  const key = channelUrlKey(settled.trim());
  const query = useQuery({
    queryKey: QUERY_KEYS.channelOwner(key ?? '', exclude),
    queryFn: () => getChannelOwner(settled.trim(), exclude),
    enabled: key !== null && settled === url,
    staleTime: 30_000,
  });
  return settled === url && key !== null ? (query.data?.creator ?? null) : null;
}
