/**
 * The active view mirrored into the address (docs/architecture.md "Deliberate departures" 8): `?view=leaderboard` (with
 * `&period=week|month|year` when not all time and `&count=events` when counting by event), `?creator=<id>`
 * (`&colour=group` when its network is coloured by group), `?pair=<a>-<b>`, `?group=<id>` (`&count=events`
 * for its board), `?event=<id>`, nothing for search
 * (`?q=<with: query>` with `&show=videos` for a collaboration search). Only those parameters are read;
 * anything else is ignored.
 */
import {
  PAGING,
  VIEW_IDS,
  hasWithTerm,
  isLeaderboardPeriod,
  type LeaderboardCount,
  type NavigateParams,
  type ViewId,
} from '@friends/shared';

export interface ViewState {
  view: ViewId;
  params: NavigateParams;
}

export const INITIAL_VIEW: ViewState = { view: 'search', params: {} };

function isViewId(value: string | null): value is ViewId {
  return value !== null && (VIEW_IDS as readonly string[]).includes(value);
}

const positiveId = (text: string | undefined): number | null => {
  const id = Number(text);
  return text !== undefined && /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** `<a>-<b>`: two different positive ids. */
function parsePair(text: string): [number, number] | null {
  const [a, b, ...rest] = text.split('-');
  const first = positiveId(a);
  const second = positiveId(b);
  return first !== null && second !== null && first !== second && rest.length === 0 ? [first, second] : null;
}

/** Reads the view from a `location.search` string; unknown or malformed values give search. */
export function parseViewUrl(search: string): ViewState {
  const query = new URLSearchParams(search);
  const pair = query.get('pair');
  if (pair !== null) {
    const pairIds = parsePair(pair);
    return pairIds ? { view: 'pair', params: { pairIds } } : INITIAL_VIEW;
  }
  const group = query.get('group');
  if (group !== null) {
    const groupId = positiveId(group);
    if (groupId === null) return INITIAL_VIEW;
    return {
      view: 'group',
      params: query.get('count') === 'events' ? { groupId, count: 'events' } : { groupId },
    };
  }
  const event = query.get('event');
  if (event !== null) {
    const eventId = positiveId(event);
    return eventId !== null ? { view: 'event', params: { eventId } } : INITIAL_VIEW;
  }
  const creator = query.get('creator');
  if (creator !== null) {
    const id = Number(creator);
    if (Number.isSafeInteger(id) && id > 0) {
      const params: NavigateParams = { creatorId: id };
      if (query.get('colour') === 'group') params.colour = 'group';
      return { view: 'author-page', params };
    }
    return INITIAL_VIEW;
  }
  const view = query.get('view');
  const q = query.get('q');
  if ((view === null || view === 'search') && q !== null && hasWithTerm(q) && q.length <= PAGING.maxTerm) {
    return {
      view: 'search',
      params: query.get('show') === 'videos' ? { query: q, show: 'videos' } : { query: q },
    };
  }
  if (view === 'leaderboard') {
    const period = query.get('period');
    const params: NavigateParams = isLeaderboardPeriod(period) && period !== 'all' ? { period } : {};
    const count: LeaderboardCount | null = query.get('count') === 'events' ? 'events' : null;
    return { view, params: count ? { ...params, count } : params };
  }
  if (isViewId(view) && view !== 'author-page' && view !== 'pair' && view !== 'group' && view !== 'event')
    return { view, params: {} };
  return INITIAL_VIEW;
}

/** The `search` part of the address for a view ('' for search). prefillUrl stays out of the address. */
export function viewSearch({ view, params }: ViewState): string {
  if (view === 'author-page') {
    if (!params.creatorId) return '';
    return `?creator=${params.creatorId}${params.colour === 'group' ? '&colour=group' : ''}`;
  }
  if (view === 'pair') return params.pairIds ? `?pair=${params.pairIds[0]}-${params.pairIds[1]}` : '';
  if (view === 'group') {
    if (!params.groupId) return '';
    return `?group=${params.groupId}${params.count === 'events' ? '&count=events' : ''}`;
  }
  if (view === 'event') return params.eventId ? `?event=${params.eventId}` : '';
  if (view === 'search') {
    if (!params.query) return '';
    const query = new URLSearchParams({ q: params.query });
    if (params.show === 'videos') query.set('show', 'videos');
    return `?${query.toString()}`;
  }
  if (view === 'leaderboard') {
    const query = new URLSearchParams({ view });
    if (params.period && params.period !== 'all') query.set('period', params.period);
    if (params.count === 'events') query.set('count', 'events');
    return `?${query.toString()}`;
  }
  return `?view=${encodeURIComponent(view)}`;
}
