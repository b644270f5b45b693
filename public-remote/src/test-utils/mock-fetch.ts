/** The shared fetch mock, plus the routes the search view reads. */
import { type MockAnswer } from '../../../test-support/mock-fetch';
import {
  API_ROUTES,
  CREATORS_FIRST_PAGE,
  encodeCompactCreators,
  type CreatorListItem,
} from '@friends/shared';

export * from '../../../test-support/mock-fetch';

/** The creators list as the API serves it to the search view: GET /api/creators/compact, whole and first page. */
export function creatorsRoutes(creators: readonly CreatorListItem[]): Record<string, MockAnswer> {
  return {
    [`GET ${API_ROUTES.creatorsCompact}`]: { body: encodeCompactCreators(creators) },
    [`GET ${API_ROUTES.creatorsCompact}?limit=${CREATORS_FIRST_PAGE}`]: {
      body: encodeCompactCreators(creators.slice(0, CREATORS_FIRST_PAGE), creators.length),
    },
  };
}
