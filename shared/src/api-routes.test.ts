import { API_ROUTES, nextPageOffset, pagedListUrl } from './api-routes';

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
});
