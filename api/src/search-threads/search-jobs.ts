import type { CreatorPage, CreatorSearchScope, SearchQuery, VideoPage } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/page-params';
import { searchCreatorPage } from '../creators/creator-list';
import { VIDEO_SEARCH_BOUNDS, readVideoPage, type VideoFilter } from '../videos/video-reader';

/**
 * One public search, whole: what a search thread is sent (search-threads.service.ts). The video search
 * carries the bounds of its counting, which tests make small.
 */
export type SearchJob =
  | {
      kind: 'creators';
      query: SearchQuery;
      scope: CreatorSearchScope;
      page: Page;
    }
  | { kind: 'videos'; filter: VideoFilter; page: Page; bounds: typeof VIDEO_SEARCH_BOUNDS };

export type SearchAnswer<J extends SearchJob> = J extends { kind: 'creators' } ? CreatorPage : VideoPage;

/**
 * Runs `job` on `manager` with the same functions the main thread's path calls (creator-list.ts,
 * video-reader.ts), so both paths run the same statements and give the same answer.
 */
export function runSearchJob(manager: EntityManager, job: SearchJob): Promise<CreatorPage | VideoPage> {
  if (job.kind === 'creators') return searchCreatorPage(manager, job.query, job.scope, job.page);
  Object.assign(VIDEO_SEARCH_BOUNDS, job.bounds);
  return readVideoPage(manager, job.filter, job.page);
}
