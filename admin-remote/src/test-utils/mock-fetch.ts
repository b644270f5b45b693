import type { MockAnswer, RecordedRequest } from '../../../test-support/mock-fetch';
import { API_ROUTES, PAGING, type Video, type VideoIds, type VideoPage } from '@friends/shared';

export * from '../../../test-support/mock-fetch';

/** The videos of `videos` that /api/videos/search's `q` and `youtube` match, in order. */
function matching(
  videos: readonly Video[],
  request: RecordedRequest,
): { query: URLSearchParams; matches: Video[] } {
  const query = new URL(request.url, 'http://test').searchParams;
  const needle = (query.get('q') ?? '').trim().toLowerCase();
  const matches = videos.filter(
    (video) =>
      [video.title, ...video.authors.map((a) => a.name)].join('\n').toLowerCase().includes(needle) &&
      (query.get('youtube') !== 'true' || /youtube\.com\/|youtu\.be\//.test(video.url)),
  );
  return { query, matches };
}

/**
 * GET /api/videos/search over `videos`, as the API answers it: title or author name containing `q`
 * (any case), `youtube=true` for URLs on YouTube, a page by `offset` and `limit`, and the total; and
 * GET /api/videos/search/ids, every match's id.
 */
export function videoRoutes(
  videos: readonly Video[],
): Record<string, (request: RecordedRequest) => MockAnswer> {
  return {
    [`GET ${API_ROUTES.videosSearch}`]: (request) => {
      const { query, matches } = matching(videos, request);
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? PAGING.videosPage);
      const body: VideoPage = { total: matches.length, items: matches.slice(offset, offset + limit) };
      return { body };
    },
    [`GET ${API_ROUTES.videosSearchIds}`]: (request) => {
      const body: VideoIds = { ids: matching(videos, request).matches.map((video) => video.id) };
      return { body };
    },
  };
}
