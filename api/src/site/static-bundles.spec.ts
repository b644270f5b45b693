import { cacheControlFor } from './static-bundles';

describe('cacheControlFor', () => {
  it.each([
    ['/x/index.html', 'no-cache'],
    ['/x/mf-manifest.json', 'no-cache'],
    ['/x/remoteEntry.js', 'no-cache'],
    ['/x/main.3f2a1b.js', 'public, max-age=31536000, immutable'],
    ['/x/static/css/app.9c8d.css', 'public, max-age=31536000, immutable'],
  ])('%s → %s', (path, header) => expect(cacheControlFor(path)).toBe(header));
});
