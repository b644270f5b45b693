import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { JSDOM } from 'jsdom';
import {
  API_ROUTES,
  FEED_ENTRIES,
  GROUP_ROUTES,
  REVIEW_ROUTES,
  SHARE_MESSAGES,
  SHARE_ROUTES,
  avatarHue,
  type Creator,
  type HistoryPage,
} from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody, freshWindow } from './support/helpers';
import { scriptFileFor } from '../src/share/card-fonts';
import { CardsService } from '../src/share/cards.service';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * Following and sharing: the Atom feeds (checked with an XML validator and parser against RFC 4287's
 * required elements), the link previews of the shared addresses (every tag, read back with an HTML
 * parser), and the PNG cards (their header decoded).
 */
let t: TestContext;
let bundles: string;
let ada: Creator;
let bo: Creator;
let cy: Creator;
let hostile: Creator;

/** A name that must stay text in XML and HTML. */
const HOSTILE = 'Eve <script>alert("x")</script> & "Co"';
const ORIGIN = 'https://friends.example';

const atomParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['entry', 'link', 'author'].includes(name),
});

interface AtomLink {
  rel?: string;
  href: string;
  type?: string;
}
interface AtomText {
  '#text': string;
  type?: string;
}
interface AtomEntry {
  id: string;
  title: AtomText;
  updated: string;
  link: AtomLink[];
  author: { name: string; uri: string }[];
}
interface AtomDoc {
  id: string;
  title: AtomText;
  updated: string;
  link: AtomLink[];
  entry?: AtomEntry[];
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Parses and checks a feed as RFC 4287 requires (section 4.1.1 and 4.1.2), then returns it. */
function parseAtom(xml: string): AtomDoc {
  expect(XMLValidator.validate(xml)).toBe(true);
  const document = atomParser.parse(xml) as { feed: AtomDoc & { xmlns: string } };
  const feed = document.feed;
  expect(feed.xmlns).toBe('http://www.w3.org/2005/Atom');
  expect(typeof feed.id).toBe('string');
  expect(feed.title['#text']).toEqual(expect.any(String));
  expect(feed.updated).toMatch(RFC3339);
  expect(feed.link.some((link) => link.rel === 'self')).toBe(true);
  for (const entry of feed.entry ?? []) {
    expect(typeof entry.id).toBe('string');
    expect(entry.title['#text']).toEqual(expect.any(String));
    expect(entry.updated).toMatch(RFC3339);
    expect(entry.author.length).toBeGreaterThan(0);
  }
  return feed;
}

const titles = (feed: AtomDoc) => (feed.entry ?? []).map((entry) => String(entry.title['#text']));
const getFeed = async (path: string) => {
  const res = await t.http().get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  return parseAtom(res.text);
};

beforeAll(async () => {
  bundles = mkdtempSync(join(tmpdir(), 'friends-share-bundles-'));
  mkdirSync(join(bundles, 'host/dist'), { recursive: true });
  writeFileSync(
    join(bundles, 'host/dist/index.html'),
    readFileSync(join(__dirname, '../../host/src/index.html'), 'utf8'),
  );
  t = await startTestApp({
    BUNDLES_DIR: bundles,
    PUBLIC_URL: ORIGIN,
    WARM_CARDS: 'true',
    SHRINK_CARDS: 'true',
  });
  ada = await createCreator(t, 'Ada');
  bo = await createCreator(t, 'Bo');
  cy = await createCreator(t, 'Cy');
  hostile = await createCreator(t, HOSTILE);
  await createVideo(t, {
    title: 'Old duet',
    date: '2024-01-01',
    url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1',
    authorIds: [ada.id, bo.id],
  });
  await createVideo(t, {
    title: 'New trio',
    date: '2024-06-01',
    url: 'https://www.youtube.com/watch?v=aaaaaaaaaa2',
    authorIds: [ada.id, bo.id, cy.id],
  });
  await createVideo(t, { title: 'Ada alone', date: '2024-07-01', authorIds: [ada.id] });
  await createVideo(t, { title: 'Undated with Cy', authorIds: [ada.id, cy.id] });
  await createVideo(t, { title: 'Tom & "Jerry" <b>', date: '2024-02-02', authorIds: [hostile.id, ada.id] });
});
afterAll(async () => {
  await t?.close();
  rmSync(bundles, { recursive: true, force: true });
});

describe('GET /api/feeds/creators/:id.atom', () => {
  it("lists the creator's collaborations newest first, each linking the video and the pair page", async () => {
    const feed = await getFeed(SHARE_ROUTES.creatorFeed(ada.id));
    expect(feed.title['#text']).toBe('Ada: collaborations');
    // Solo videos are not collaborations; undated ones come last.
    expect(titles(feed)).toEqual(['New trio', 'Tom & "Jerry" <b>', 'Old duet', 'Undated with Cy']);
    const trio = feed.entry![0]!;
    expect(trio.updated).toBe('2024-06-01T00:00:00Z');
    expect(trio.link).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'alternate', href: 'https://www.youtube.com/watch?v=aaaaaaaaaa2' }),
        expect.objectContaining({ rel: 'related', href: `${ORIGIN}/?pair=${ada.id}-${bo.id}` }),
      ]),
    );
    expect(trio.author.map((author) => author.name)).toEqual(['Ada', 'Bo', 'Cy']);
    expect(trio.author[1]!.uri).toBe(`${ORIGIN}/?creator=${bo.id}`);
    expect(feed.link).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'self', href: `${ORIGIN}${SHARE_ROUTES.creatorFeed(ada.id)}` }),
        expect.objectContaining({ rel: 'alternate', href: `${ORIGIN}/?creator=${ada.id}` }),
      ]),
    );
    expect(feed.updated).toBe('2024-06-01T00:00:00Z');
  });

  it('escapes markup and quotes in names and titles', async () => {
    const res = await t.http().get(SHARE_ROUTES.creatorFeed(hostile.id));
    expect(res.text).not.toContain('<script>');
    expect(res.text).not.toContain('<b>');
    const feed = parseAtom(res.text);
    expect(feed.title['#text']).toBe(`${HOSTILE}: collaborations`);
    expect(titles(feed)).toEqual(['Tom & "Jerry" <b>']);
    expect(feed.entry![0]!.author.map((author) => author.name)).toEqual([HOSTILE, 'Ada']);
  });

  it('answers 304 to its ETag', async () => {
    const first = await t.http().get(SHARE_ROUTES.creatorFeed(ada.id));
    expect(first.headers.etag).toBeDefined();
    const again = await t
      .http()
      .get(SHARE_ROUTES.creatorFeed(ada.id))
      .set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('keeps the newest 50', async () => {
    const many = await createCreator(t, 'Many');
    for (let i = 1; i <= FEED_ENTRIES + 3; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const month = String(1 + Math.floor(i / 28)).padStart(2, '0');
      await createVideo(t, { title: `Many ${i}`, date: `2023-${month}-${day}`, authorIds: [many.id, bo.id] });
    }
    const feed = await getFeed(SHARE_ROUTES.creatorFeed(many.id));
    expect(feed.entry).toHaveLength(FEED_ENTRIES);
    const dates = feed.entry!.map((entry) => entry.updated);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(titles(feed)).not.toContain('Many 1'); // 2023-01-02, the oldest
  });

  it('answers 404 for an unknown creator and 400 for a malformed id', async () => {
    const unknown = await t.http().get(SHARE_ROUTES.creatorFeed(999_999));
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.body);
    for (const path of [
      '/api/feeds/creators/abc.atom',
      '/api/feeds/creators/1.rss',
      '/api/feeds/creators/0.atom',
    ]) {
      const res = await t.http().get(path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.error).toMatch(/id/);
    }
  });
});

describe('GET /api/feeds/pairs/:a-:b.atom', () => {
  it("lists the pair's videos together, newest first", async () => {
    const feed = await getFeed(SHARE_ROUTES.pairFeed(bo.id, ada.id));
    expect(feed.title['#text']).toBe('Bo & Ada: videos together');
    expect(titles(feed)).toEqual(['New trio', 'Old duet']);
    for (const entry of feed.entry!) {
      expect(entry.link).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ rel: 'related', href: `${ORIGIN}/?pair=${bo.id}-${ada.id}` }),
        ]),
      );
    }
  });

  it('answers 400 for a malformed pair or the same creator twice, 404 for an unknown one', async () => {
    for (const path of [
      '/api/feeds/pairs/1.atom',
      '/api/feeds/pairs/1-2-3.atom',
      '/api/feeds/pairs/a-b.atom',
      '/api/feeds/pairs/1-2.xml',
      `/api/feeds/pairs/${ada.id}-${ada.id}.atom`,
    ]) {
      const res = await t.http().get(path);
      expect([path, res.status]).toEqual([path, 400]);
      expectErrorBody(res.body);
    }
    const unknown = await t.http().get(SHARE_ROUTES.pairFeed(ada.id, 999_999));
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.body);
  });
});

describe('what reaches a feed', () => {
  it('never a proposal waiting in Review; an accepted one at once; an undone change leaves it', async () => {
    const solo = await createVideo(t, { title: 'Proposed with Cy', date: '2025-01-01', authorIds: [bo.id] });
    const now = new Date().toISOString();
    await t.query(
      `INSERT INTO review_proposals (video_id, creator_id, name, name_key, source, evidence, confidence, url, channel_key, created_at)
       VALUES (?, ?, 'Cy', 'cy', 'title', 'with Cy', 'medium', '', '', ?)`,
      [solo.id, cy.id, now],
    );
    const [proposal] = await t.query<{ id: number }>('SELECT id FROM review_proposals WHERE video_id = ?', [
      solo.id,
    ]);
    expect(titles(await getFeed(SHARE_ROUTES.creatorFeed(cy.id)))).not.toContain('Proposed with Cy');
    expect(titles(await getFeed(SHARE_ROUTES.pairFeed(bo.id, cy.id)))).not.toContain('Proposed with Cy');

    const accepted = await admin(t)
      .post(REVIEW_ROUTES.accept(Number(proposal!.id)))
      .send({});
    expect(accepted.status).toBe(200);
    expect(titles(await getFeed(SHARE_ROUTES.creatorFeed(cy.id)))[0]).toBe('Proposed with Cy');
    expect(titles(await getFeed(SHARE_ROUTES.pairFeed(bo.id, cy.id)))[0]).toBe('Proposed with Cy');

    const history = (await admin(t).get('/api/history?limit=1')).body as HistoryPage;
    const undo = await admin(t).post(`/api/history/${history.items[0]!.id}/undo`).send({});
    expect(undo.status).toBe(200);
    expect(titles(await getFeed(SHARE_ROUTES.creatorFeed(cy.id)))).not.toContain('Proposed with Cy');
    expect(titles(await getFeed(SHARE_ROUTES.pairFeed(bo.id, cy.id)))).not.toContain('Proposed with Cy');
  });

  it('follows a change of name at once', async () => {
    const dee = await createCreator(t, 'Dee');
    await createVideo(t, { title: 'Dee and Ada', date: '2024-03-03', authorIds: [dee.id, ada.id] });
    expect((await getFeed(SHARE_ROUTES.creatorFeed(dee.id))).title['#text']).toBe('Dee: collaborations');
    expect((await admin(t).put(API_ROUTES.creators).send({ id: dee.id, name: 'Deanna' })).status).toBe(200);
    expect((await getFeed(SHARE_ROUTES.creatorFeed(dee.id))).title['#text']).toBe('Deanna: collaborations');
  });
});

/** The preview tags of a page, read with an HTML parser (so escaping is checked by decoding it). */
function head(html: string) {
  const document = new JSDOM(html).window.document;
  const meta = (key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
  return {
    document,
    title: document.title,
    titles: document.querySelectorAll('title').length,
    meta,
    alternate:
      document.querySelector('link[rel="alternate"][type="application/atom+xml"]')?.getAttribute('href') ??
      null,
    scripts: document.querySelectorAll('script').length,
  };
}

describe('link previews', () => {
  it("answers /?creator= with the creator's title, description, address, card and feed", async () => {
    const res = await t.http().get(`/?creator=${ada.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = head(res.text);
    expect(page.title).toBe('Ada · Friends of the Channel');
    expect(page.titles).toBe(1);
    expect(page.meta('og:title')).toBe('Ada · Friends of the Channel');
    expect(page.meta('og:description')).toBe(
      'Ada has made 6 videos, 5 collaborations with 4 other creators.',
    );
    expect(page.meta('description')).toBe(page.meta('og:description'));
    expect(page.meta('og:url')).toBe(`${ORIGIN}/?creator=${ada.id}`);
    expect(page.meta('og:image')).toBe(`${ORIGIN}${SHARE_ROUTES.creatorCard(ada.id)}`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.alternate).toBe(`${ORIGIN}${SHARE_ROUTES.creatorFeed(ada.id)}`);
    // The app still boots from it: the root element and the preloads of the page as built.
    expect(page.document.getElementById('root')).not.toBeNull();
    expect(res.text).toContain('<link rel="preload" href="/remotes.json"');
  });

  it('answers /?pair= with both names and their count', async () => {
    const page = head((await t.http().get(`/?pair=${ada.id}-${bo.id}`)).text);
    expect(page.title).toBe('Ada & Bo · Friends of the Channel');
    expect(page.meta('og:description')).toBe('Ada and Bo have made 2 videos together.');
    expect(page.meta('og:image')).toBe(`${ORIGIN}${SHARE_ROUTES.pairCard(ada.id, bo.id)}`);
    expect(page.meta('og:url')).toBe(`${ORIGIN}/?pair=${ada.id}-${bo.id}`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.alternate).toBe(`${ORIGIN}${SHARE_ROUTES.pairFeed(ada.id, bo.id)}`);
  });

  it('answers /?view=leaderboard with the totals', async () => {
    const page = head((await t.http().get('/?view=leaderboard')).text);
    expect(page.title).toBe('Collaboration Leaderboard · Friends of the Channel');
    expect(page.meta('og:description')).toMatch(
      /^Who collaborates most among \d+ creators and \d+ collaborations\.$/,
    );
    expect(page.meta('og:image')).toBe(`${ORIGIN}${SHARE_ROUTES.leaderboardCard}`);
    expect(page.meta('og:url')).toBe(`${ORIGIN}/?view=leaderboard`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
  });

  it('escapes markup, quotes and ampersands in every tag', async () => {
    const res = await t.http().get(`/?creator=${hostile.id}`);
    expect(res.text).not.toContain('<script>alert');
    const page = head(res.text);
    expect(page.scripts).toBe(0);
    expect(page.title).toBe(`${HOSTILE} · Friends of the Channel`);
    expect(page.meta('og:title')).toBe(`${HOSTILE} · Friends of the Channel`);
    expect(page.meta('twitter:title')).toBe(`${HOSTILE} · Friends of the Channel`);
    expect(page.meta('og:description')).toBe(
      `${HOSTILE} has made 1 video, 1 collaboration with 1 other creator.`,
    );
    expect(page.meta('og:image:alt')).toBe(HOSTILE);
    const pair = head((await t.http().get(`/?pair=${hostile.id}-${ada.id}`)).text);
    expect(pair.scripts).toBe(0);
    expect(pair.meta('og:title')).toBe(`${HOSTILE} & Ada · Friends of the Channel`);
  });

  it('answers unknown ids and malformed addresses with the generic page', async () => {
    const generic = (await t.http().get('/')).text;
    expect(head(generic).title).toBe('Friends of the Channel');
    expect(head(generic).meta('og:title')).toBeNull();
    for (const path of [
      '/?creator=999999',
      '/?creator=abc',
      '/?pair=1',
      `/?pair=${ada.id}-999999`,
      `/?pair=${ada.id}-${ada.id}`,
      '/?view=nothing',
    ]) {
      const res = await t.http().get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect([path, res.text]).toEqual([path, generic]);
    }
  });
});

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const getPng = async (path: string, from: TestContext = t, address?: string) => {
  const request = from.http().get(path);
  if (address) void request.set('X-Forwarded-For', address);
  const res = await request.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });
  return res;
};

describe('card images', () => {
  // First among the cards, so no other card waits before it to be made smaller.
  it('keeps a sent card as a smaller palette PNG under the same ETag, and replays that one', async () => {
    const creator = await createCreator(t, 'Shrunk After Sending');
    const path = SHARE_ROUTES.creatorCard(creator!.id);
    const drawn = await getPng(path);
    const etag = drawn.headers.etag!;
    await t.app.get(CardsService).shrunk();
    for (let n = 0; n < 2; n++) {
      const kept = await getPng(path);
      const bytes = kept.body as Buffer;
      expect([kept.status, kept.headers.etag, pngSize(bytes)]).toEqual([
        200,
        etag,
        { width: 1200, height: 630 },
      ]);
      // IHDR's colour type: 3, a palette; the drawn card is full colour.
      expect([bytes[25], (drawn.body as Buffer)[25] === 3]).toEqual([3, false]);
      expect(bytes.length).toBeLessThan((drawn.body as Buffer).length / 2);
      expect(kept.headers['answer-computation']).toBe(drawn.headers['answer-computation']);
    }
    // A client (or another replica's CDN entry) holding the drawn form revalidates it with a 304.
    expect((await t.http().get(path).set('If-None-Match', etag)).status).toBe(304);
    // The palette form is made on a low-priority thread: a loaded machine may hold it back a while.
  }, 120_000);

  it('draws 1200 × 630 PNGs for a creator, a pair and the leaderboard', async () => {
    for (const path of [
      SHARE_ROUTES.creatorCard(ada.id),
      SHARE_ROUTES.creatorCard(hostile.id),
      SHARE_ROUTES.pairCard(ada.id, bo.id),
      SHARE_ROUTES.leaderboardCard,
    ]) {
      const res = await getPng(path);
      expect([path, res.status, res.headers['content-type']]).toEqual([path, 200, 'image/png']);
      expect(pngSize(res.body as Buffer)).toEqual({ width: 1200, height: 630 });
    }
  });

  it('has drawn one card at start, so the first card asked for does not pay the start-up', async () => {
    expect(await t.app.get(CardsService).warmedUp).toBe(true);
  });

  it('draws names in simplified Chinese and emoji with their glyphs, not as boxes', async () => {
    // Each pair: names of the same length and the same avatar colour, in characters only the Chinese
    // (simplified) or the emoji font has: drawn as missing-glyph boxes, both cards would be one picture.
    for (const char of '张谭丽')
      expect([char, scriptFileFor(char.codePointAt(0)!)]).toEqual([
        char,
        expect.stringMatching(/^noto-sans-sc-/),
      ]);
    expect(avatarHue('张谭')).toBe(avatarHue('张丽'));
    expect(avatarHue('Ada 🥁')).toBe(avatarHue('Ada 🐝'));
    const [zhangTan, zhangLi, drum, bee] = await Promise.all(
      ['张谭', '张丽', 'Ada 🥁', 'Ada 🐝'].map((name) => createCreator(t, name)),
    );
    const card = async (id: number) => {
      const res = await getPng(SHARE_ROUTES.creatorCard(id));
      expect([res.status, pngSize(res.body as Buffer)]).toEqual([200, { width: 1200, height: 630 }]);
      return (res.body as Buffer).toString('base64');
    };
    expect(await card(zhangTan!.id)).not.toBe(await card(zhangLi!.id));
    expect(await card(drum!.id)).not.toBe(await card(bee!.id));
  });

  it('answers 304 to its ETag, and the same card after a write that does not change it', async () => {
    const first = await getPng(SHARE_ROUTES.creatorCard(bo.id));
    const etag = first.headers.etag!;
    expect(etag).toBeDefined();
    expect((await t.http().get(SHARE_ROUTES.creatorCard(bo.id)).set('If-None-Match', etag)).status).toBe(304);
    await createCreator(t, 'Someone else');
    expect((await t.http().get(SHARE_ROUTES.creatorCard(bo.id)).set('If-None-Match', etag)).status).toBe(304);
    await createVideo(t, { title: 'Bo solo', authorIds: [bo.id] });
    const changed = await getPng(SHARE_ROUTES.creatorCard(bo.id));
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('draws many new cards asked for at once, two at a time, and answers them all', async () => {
    const names = ['兎田ぺこら', '한글 이름', 'محمد علي', 'Zed', 'Yan', 'Xia'];
    const made = await Promise.all(names.map((name) => createCreator(t, name)));
    const cards = await Promise.all(made.map((creator) => getPng(SHARE_ROUTES.creatorCard(creator.id))));
    expect(cards.map((res) => res.status)).toEqual(names.map(() => 200));
    expect(new Set(cards.map((res) => res.headers.etag)).size).toBe(names.length);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await t.http().get(SHARE_ROUTES.creatorCard(999_999))).status).toBe(404);
    expect((await t.http().get(SHARE_ROUTES.pairCard(ada.id, 999_999))).status).toBe(404);
    for (const path of [
      '/api/cards/creators/x.png',
      '/api/cards/pairs/1.png',
      `/api/cards/pairs/${ada.id}-${ada.id}.png`,
    ]) {
      const res = await t.http().get(path);
      expect([path, res.status]).toEqual([path, 400]);
      expectErrorBody(res.body);
    }
  });
});

describe('CARD_DRAW_RATE_LIMIT', () => {
  it('draws so many new cards a minute for one address, then 429 with Retry-After; kept cards and other addresses go on', async () => {
    const limited = await startTestApp({ CARD_DRAW_RATE_LIMIT: '3', TRUST_PROXY: 'true' });
    try {
      const made = await Promise.all(['One', 'Two', 'Three', 'Four'].map((n) => createCreator(limited, n)));
      const card = (i: number, address = '198.51.100.7') =>
        getPng(SHARE_ROUTES.creatorCard(made[i]!.id), limited, address);
      await freshWindow();
      for (const i of [0, 1, 2]) expect((await card(i)).status).toBe(200);

      const refused = await card(3);
      expect([refused.status, JSON.parse(String(refused.body)), refused.headers['cache-control']]).toEqual([
        429,
        { error: SHARE_MESSAGES.cardDrawsLimited },
        'no-store',
      ]);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Nothing was drawn or kept for it: asked again, it is refused again.
      expect((await card(3)).status).toBe(429);
      // A card already drawn is kept, and costs nothing; an unknown creator is a 404, not a draw.
      expect((await card(0)).status).toBe(200);
      expect((await getPng(SHARE_ROUTES.creatorCard(999_999), limited, '198.51.100.7')).status).toBe(404);
      // Another address has its own draws.
      const other = await card(3, '203.0.113.9');
      expect([other.status, pngSize(other.body as Buffer)]).toEqual([200, { width: 1200, height: 630 }]);
    } finally {
      await limited.close();
    }
  });
});

describe('a group: feed, preview and card', () => {
  const GROUP_NAME = 'Fans <b>"&"</b>';
  let groupId: number;
  let gia: Creator;
  let hal: Creator;
  let ivo: Creator;

  beforeAll(async () => {
    gia = await createCreator(t, 'Gia');
    hal = await createCreator(t, 'Hal');
    ivo = await createCreator(t, 'Ivo');
    const group = await admin(t).post(GROUP_ROUTES.groups).send({ name: GROUP_NAME, kind: 'team' });
    expect(group.status).toBe(201);
    groupId = (group.body as { id: number }).id;
    for (const [creator, from, to] of [
      [gia, '2023-06-01', null],
      [hal, '2023-01-01', '2023-12-31'],
    ] as const) {
      const res = await admin(t)
        .post(GROUP_ROUTES.members(groupId))
        .send({ creatorId: creator.id, from, to });
      expect(res.status).toBe(201);
    }
    await createVideo(t, { title: 'Before Gia joined', date: '2023-01-01', authorIds: [gia.id, ivo.id] });
    await createVideo(t, { title: 'Inside', date: '2023-07-01', authorIds: [ivo.id, gia.id] });
    await createVideo(t, { title: 'Gia alone', date: '2023-08-01', authorIds: [gia.id] });
    await createVideo(t, { title: 'After Hal left', date: '2024-03-01', authorIds: [hal.id, ivo.id] });
    await createVideo(t, { title: 'Hal while a member', date: '2023-05-05', authorIds: [hal.id, ivo.id] });
    await createVideo(t, { title: 'Undated pair', authorIds: [gia.id, hal.id] });
  });

  it("lists the members' collaborations made while members, newest first, escaped", async () => {
    const feed = await getFeed(SHARE_ROUTES.groupFeed(groupId));
    expect(feed.title['#text']).toBe(`${GROUP_NAME}: collaborations of its members`);
    expect(titles(feed)).toEqual(['Inside', 'Hal while a member']);
    expect(feed.link).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'self', href: `${ORIGIN}${SHARE_ROUTES.groupFeed(groupId)}` }),
        expect.objectContaining({ rel: 'alternate', href: `${ORIGIN}/?group=${groupId}` }),
      ]),
    );
    // Each entry's pair page starts with the member.
    expect(feed.entry![0]!.link).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'related', href: `${ORIGIN}/?pair=${gia.id}-${ivo.id}` }),
      ]),
    );
    const raw = (await t.http().get(SHARE_ROUTES.groupFeed(groupId))).text;
    expect(raw).not.toContain('<b>');
  });

  it('answers 304 to its ETag, and follows a change of membership at once', async () => {
    const first = await t.http().get(SHARE_ROUTES.groupFeed(groupId));
    const etag = first.headers.etag!;
    expect((await t.http().get(SHARE_ROUTES.groupFeed(groupId)).set('If-None-Match', etag)).status).toBe(304);
    const joined = await admin(t)
      .post(GROUP_ROUTES.members(groupId))
      .send({ creatorId: ivo.id, from: '2024-01-01', to: null });
    expect(joined.status).toBe(201);
    expect((await t.http().get(SHARE_ROUTES.groupFeed(groupId)).set('If-None-Match', etag)).status).toBe(200);
    expect(titles(await getFeed(SHARE_ROUTES.groupFeed(groupId)))).toEqual([
      'After Hal left',
      'Inside',
      'Hal while a member',
    ]);
  });

  it('answers feeds, previews and cards from kept answers: computed once, encoded once', async () => {
    for (const path of [
      SHARE_ROUTES.groupFeed(groupId),
      `/?group=${groupId}`,
      SHARE_ROUTES.groupCard(groupId),
    ]) {
      const first = await t.http().get(path).set('Accept-Encoding', 'br');
      const second = await t.http().get(path).set('Accept-Encoding', 'br');
      expect([path, first.status, second.status]).toEqual([path, 200, 200]);
      expect(first.headers['answer-computation']).toEqual(expect.any(String));
      expect([path, second.headers['answer-computation']]).toEqual([
        path,
        first.headers['answer-computation'],
      ]);
      // PNG bytes are compressed already: sent as they are.
      const encoding = path.endsWith('.png') ? undefined : 'br';
      expect([path, second.headers['content-encoding']]).toEqual([path, encoding]);
    }
  });

  it('answers 404 for an unknown group and 400 for a malformed id', async () => {
    const unknown = await t.http().get(SHARE_ROUTES.groupFeed(999_999));
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.body);
    for (const path of ['/api/feeds/groups/x.atom', '/api/feeds/groups/1.rss', '/api/feeds/groups/0.atom']) {
      const res = await t.http().get(path);
      expect([path, res.status]).toEqual([path, 400]);
      expectErrorBody(res.body);
    }
  });

  it('answers /?group= with its title, counts in words, address, card and feed, escaped', async () => {
    const res = await t.http().get(`/?group=${groupId}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<b>"&"</b>');
    const page = head(res.text);
    expect(page.scripts).toBe(0);
    expect(page.title).toBe(`${GROUP_NAME} · Friends of the Channel`);
    expect(page.titles).toBe(1);
    expect(page.meta('og:title')).toBe(`${GROUP_NAME} · Friends of the Channel`);
    expect(page.meta('og:description')).toBe(
      `${GROUP_NAME}, team: 2 members today, 3 collaborations by its members while members.`,
    );
    expect(page.meta('og:url')).toBe(`${ORIGIN}/?group=${groupId}`);
    expect(page.meta('og:image')).toBe(`${ORIGIN}${SHARE_ROUTES.groupCard(groupId)}`);
    expect(page.meta('og:image:alt')).toBe(GROUP_NAME);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
    expect(page.alternate).toBe(`${ORIGIN}${SHARE_ROUTES.groupFeed(groupId)}`);
    expect(page.document.getElementById('root')).not.toBeNull();
  });

  it('answers an unknown or malformed group with the generic page', async () => {
    const generic = (await t.http().get('/')).text;
    for (const path of ['/?group=999999', '/?group=abc', '/?group=0']) {
      const res = await t.http().get(path);
      expect([path, res.status, res.text]).toEqual([path, 200, generic]);
    }
  });

  it('draws the group card as a 1200 × 630 PNG; 404 unknown, 400 malformed', async () => {
    const res = await getPng(SHARE_ROUTES.groupCard(groupId));
    expect([res.status, res.headers['content-type']]).toEqual([200, 'image/png']);
    expect(pngSize(res.body as Buffer)).toEqual({ width: 1200, height: 630 });
    expect(
      (await t.http().get(SHARE_ROUTES.groupCard(groupId)).set('If-None-Match', res.headers.etag!)).status,
    ).toBe(304);
    expect((await t.http().get(SHARE_ROUTES.groupCard(999_999))).status).toBe(404);
    const malformed = await t.http().get('/api/cards/groups/abc.png');
    expect(malformed.status).toBe(400);
    expectErrorBody(malformed.body);
  });
});
