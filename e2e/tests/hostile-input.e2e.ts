/**
 * Hostile input in the browser: names with HTML render as text, and only http(s) URLs become links
 * anywhere in the UI (docs/architecture.md "Deliberate departures" 7) — checked with a creator whose links and a video whose URL
 * are `javascript:` / `data:` URLs written straight into the database, past the API's validation, as an
 * old import or a hand-edited row could have left them. Search card, creator page, admin lists and
 * suggestions.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from '../support/expect';
import { REPO_ROOT } from '../support/server';
import { useSuite } from '../support/suite';
import { openApp, searchBox } from '../support/ui';

const NAME = '<img src=x onerror="window.__pwned=1">Hostile <b>Links</b>';
const SAFE_LINK = 'https://www.youtube.com/@hostilesafe';
const UNSAFE = [
  'javascript:window.__pwned=2',
  ' JaVaScRiPt:window.__pwned=3',
  'data:text/html,<script>window.__pwned=4</script>',
  'vbscript:msgbox(1)',
];
const UNSAFE_VIDEO_URL = 'javascript:window.__pwned=5';

/** The API's own SQLite driver (a dependency of api/), for the few statements this test needs. */
interface SqliteFile {
  prepare(sql: string): { run(...params: unknown[]): { lastInsertRowid: number | bigint } };
  close(): void;
}
const Database = createRequire(path.join(REPO_ROOT, 'api', 'package.json'))('better-sqlite3') as new (
  file: string,
) => SqliteFile;

const suite = useSuite({
  seed: async (api) => {
    const creator = (await api.createCreator({ name: NAME, socialLinks: [{ url: SAFE_LINK }] })) as {
      id: number;
    };
    const partner = (await api.createCreator({ name: 'Hostile Partner' })) as { id: number };
    // Past the API: what validation would refuse, straight into the SQLite file the server uses.
    const db = new Database(suite.server.databaseFile);
    try {
      const link = db.prepare(
        'INSERT INTO social_links (creator_id, position, platform, url) VALUES (?, ?, ?, ?)',
      );
      UNSAFE.forEach((url, i) => link.run(creator.id, i + 1, 'Other', url));
      const video = db
        .prepare("INSERT INTO videos (title, url, url_key, date) VALUES (?, ?, NULL, '2024-05-05')")
        .run('Hostile video', UNSAFE_VIDEO_URL);
      const author = db.prepare(
        'INSERT INTO video_authors (video_id, creator_id, position) VALUES (?, ?, ?)',
      );
      author.run(video.lastInsertRowid, creator.id, 0);
      author.run(video.lastInsertRowid, partner.id, 1);
      // The dated authorships a profile lists its videos from, kept on write by the API.
      db.prepare(
        "INSERT INTO creator_video_dates (creator_id, video_id, date) SELECT creator_id, video_id, '2024-05-05' FROM video_authors WHERE video_id = ?",
      ).run(video.lastInsertRowid);
    } finally {
      db.close();
    }
    // Any write through the API drops the server's cached answers, so it now serves the rows above.
    await api.createCreator({ name: 'Cache Breaker' });
    for (const url of ['data:text/html,<script>window.__pwned=6</script>', 'JAVASCRIPT:window.__pwned=7']) {
      const res = await fetch(`${api.baseURL}/api/suggestions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
      if (res.status !== 201) throw new Error(`suggestion ${url}: ${res.status}`);
    }
    return { creator };
  },
});

/** Every URL-bearing attribute on the page, with the element it sits on. */
async function urlAttributes(page: Page): Promise<{ tag: string; name: string; value: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((el) =>
      ['href', 'src', 'action', 'formaction', 'xlink:href']
        .filter((name) => el.hasAttribute(name))
        .map((name) => ({ tag: el.tagName.toLowerCase(), name, value: el.getAttribute(name) ?? '' })),
    ),
  );
}

/** Where a data: URL would be navigated to or rendered as a document (an <img> or an icon only shows it). */
const DOCUMENT_TAGS = new Set([
  'a',
  'area',
  'iframe',
  'frame',
  'object',
  'embed',
  'form',
  'button',
  'input',
  'base',
]);

/** A URL a browser would run or open as a document: javascript:, vbscript:, data: on a link or frame. */
const dangerous = (a: { tag: string; value: string }) => {
  // The browser ignores ASCII whitespace and control characters in the scheme.
  const compact = [...a.value].filter((c) => c.charCodeAt(0) > 0x20).join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === 'javascript' || scheme === 'vbscript') return true;
  return scheme === 'data' && DOCUMENT_TAGS.has(a.tag);
};

async function expectOnlySafeLinks(page: Page, where: string) {
  const attributes = await urlAttributes(page);
  expect({ where, dangerous: attributes.filter(dangerous) }).toEqual({ where, dangerous: [] });
  const links = attributes.filter((a) => a.tag === 'a' && a.name === 'href');
  for (const link of links) {
    expect({ where, href: link.value }).toEqual({
      where,
      href: expect.stringMatching(/^(https?:\/\/|\/|\?|#)/i),
    });
  }
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
}

describe('a creator whose links are javascript:/data: URLs (written past the API)', () => {
  it('search card: the HTML name is text, no unsafe link', async () => {
    const { page } = suite.session;
    await openApp(page);
    await searchBox(page).fill('Hostile');
    await expect(page.getByText(NAME, { exact: true }).first()).toBeVisible();
    expect(await page.locator('b', { hasText: /^Links$/ }).count()).toBe(0);
    await expectOnlySafeLinks(page, 'search');
  });

  it('creator page: the https chip is a link, the unsafe ones and the unsafe Watch URL are not', async () => {
    // The API does hand these URLs out (so it is the UI that must keep them from becoming links).
    const profile = (await suite.api.request('GET', `/api/creators/${suite.data.creator.id}/profile`)) as {
      creator: { socialLinks: { url: string }[] };
      videos: { url: string }[];
    };
    expect(profile.creator.socialLinks.map((l) => l.url)).toEqual([SAFE_LINK, ...UNSAFE]);
    expect(profile.videos.map((v) => v.url)).toEqual([UNSAFE_VIDEO_URL]);
    const { page } = suite.session;
    await page.goto(`/?creator=${suite.data.creator.id}`);
    await expect(page.getByRole('heading', { name: NAME })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Hostile video').first()).toBeVisible();
    // The test looks where the links are: the safe one is there as a link.
    expect(await page.locator(`a[href="${SAFE_LINK}"]`).count()).toBeGreaterThan(0);
    await expectOnlySafeLinks(page, 'creator page');
    // The video's javascript: URL gives it no Watch link.
    await expect(page.getByRole('link', { name: /Watch/ })).toHaveCount(0);
  });

  it('admin creators and videos lists: no unsafe link', async () => {
    const admin = await suite.loginAdmin();
    await admin.page.goto('/?view=authors');
    await expect(admin.page.getByText(/^All Creators \(\d+\)$/).last()).toBeVisible({ timeout: 20_000 });
    await expect(admin.page.getByText(NAME, { exact: true }).first()).toBeVisible();
    await expectOnlySafeLinks(admin.page, 'admin creators');
    await admin.page.goto('/?view=videos');
    await expect(admin.page.getByText('Hostile video').first()).toBeVisible({ timeout: 20_000 });
    await expectOnlySafeLinks(admin.page, 'admin videos');
  });

  it('admin suggestions: data: and JAVASCRIPT: suggestions are text, never links', async () => {
    const admin = await suite.loginAdmin();
    await admin.page.goto('/?view=suggestions');
    await expect(admin.page.getByRole('heading', { name: 'Video Suggestions' })).toBeVisible({
      timeout: 20_000,
    });
    for (const text of ['data:text/html,<script>window.__pwned=6</script>', 'JAVASCRIPT:window.__pwned=7']) {
      await expect(admin.page.getByText(text, { exact: true })).toBeVisible();
      await expect(admin.page.getByRole('link', { name: text })).toHaveCount(0);
    }
    await expectOnlySafeLinks(admin.page, 'admin suggestions');
  });
});
