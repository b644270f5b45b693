import { SHARE_ROUTES } from '@friends/shared';
import { AggregateCache } from '../src/database/aggregate-cache.service';
import { KEPT_REQUEST_ORIGINS } from '../src/share/public-origin';
import { createCreator, createVideo } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * Without PUBLIC_URL a feed's links start with the origin its request came with. Answers are kept for
 * a few such origins only: a stranger sending a new Host header each request gets correct links, but
 * no kept copy that would push other visitors' answers out of the cache.
 */
let t: TestContext;
let feedKeys: string[];
let path: string;

beforeAll(async () => {
  t = await startTestApp();
  const ada = await createCreator(t, 'Ada');
  const bo = await createCreator(t, 'Bo');
  await createVideo(t, { title: 'Together', date: '2024-02-02', authorIds: [ada.id, bo.id] });
  path = SHARE_ROUTES.creatorFeed(ada.id);
  const cache = t.app.get(AggregateCache);
  const buffer = cache.buffer.bind(cache);
  feedKeys = [];
  jest.spyOn(cache, 'buffer').mockImplementation((key, compute, options) => {
    if (key.startsWith('feed ')) feedKeys.push(key);
    return buffer(key, compute, options);
  });
});
afterAll(() => t.close());

const feedFor = async (host: string) => {
  const res = await t.http().get(path).set('Host', host);
  expect(res.status).toBe(200);
  return res.text;
};

it("writes each request's own origin into the feed, keeping answers for the first few origins only", async () => {
  const hosts = Array.from({ length: KEPT_REQUEST_ORIGINS + 12 }, (_, i) => `h${i}.example`);
  for (const host of hosts) {
    const feed = await feedFor(host);
    expect(feed).toContain(`<id>http://${host}${path}</id>`);
    expect(feed).not.toMatch(new RegExp(`//(?!${host.replace('.', '\\.')})h\\d+\\.example`));
  }
  const keptHosts = new Set(feedKeys.map((key) => key.split(' ').pop()));
  expect(keptHosts.size).toBe(KEPT_REQUEST_ORIGINS);
  expect(keptHosts).toEqual(new Set(hosts.slice(0, KEPT_REQUEST_ORIGINS).map((h) => `http://${h}`)));

  // A kept origin is still served from its kept answer; a later one is written again for its request.
  expect(await feedFor('h0.example')).toContain(`<id>http://h0.example${path}</id>`);
  expect(await feedFor('h19.example')).toContain(`<id>http://h19.example${path}</id>`);
  expect(feedKeys.filter((key) => key.endsWith(' http://h19.example'))).toEqual([]);
});
