import {
  API_ROUTES,
  beyondVisitorWindow,
  nextPageOffset,
  pagedListUrl,
  visitorPageLimit,
} from './api-routes';
import { PAGING } from './constants';

describe('pagedListUrl', () => {
  it('writes the parameters in one order and leaves defaults out', () => {
    expect(pagedListUrl(API_ROUTES.creatorsSearch, { limit: 24 })).toBe('/api/creators/search?limit=24');
    expect(pagedListUrl(API_ROUTES.creatorsSearch, { q: '', scope: 'all', offset: 0 })).toBe(
      '/api/creators/search',
    );
    expect(
      pagedListUrl(API_ROUTES.creatorsSearch, { limit: 5, offset: 10, scope: 'names', q: 'a&b c' }),
    ).toBe('/api/creators/search?q=a%26b+c&scope=names&offset=10&limit=5');
    expect(pagedListUrl(API_ROUTES.videosSearch, { youtube: true, q: 'x' })).toBe(
      '/api/videos/search?q=x&youtube=true',
    );
  });
});

describe('nextPageOffset', () => {
  const page = (total: number, count: number) => ({ total, items: new Array<number>(count).fill(0) });
  it('is the number loaded while the total is not reached', () => {
    expect(nextPageOffset([page(5, 2)])).toBe(2);
    expect(nextPageOffset([page(5, 2), page(5, 2)])).toBe(4);
  });
  it('is undefined once everything is loaded, or when a page comes back empty', () => {
    expect(nextPageOffset([page(4, 2), page(4, 2)])).toBeUndefined();
    expect(nextPageOffset([page(9, 2), page(3, 0)])).toBeUndefined();
    expect(nextPageOffset([])).toBeUndefined();
  });
  it('stops where a window ends, however many match', () => {
    expect(nextPageOffset([page(50, 20), page(50, 20)], 40)).toBeUndefined();
    expect(nextPageOffset([page(50, 20)], 40)).toBe(20);
  });
});

describe('beyondVisitorWindow', () => {
  it('is whether a page ends past the visitor window', () => {
    const window = PAGING.visitorWindow;
    expect(beyondVisitorWindow({ offset: window - 24, limit: 24 })).toBe(false);
    expect(beyondVisitorWindow({ offset: window - 23, limit: 24 })).toBe(true);
    expect(beyondVisitorWindow({ offset: window, limit: 1 })).toBe(true);
  });
});

describe('visitorPageLimit', () => {
  it("is the page's size up to the visitor window, then what is left of it", () => {
    const window = PAGING.visitorWindow;
    expect(visitorPageLimit(0, 24)).toBe(24);
    expect(visitorPageLimit(window - 24, 24)).toBe(24);
    expect(visitorPageLimit(window - 16, 24)).toBe(16);
    expect(visitorPageLimit(window, 24)).toBe(0);
  });
});
