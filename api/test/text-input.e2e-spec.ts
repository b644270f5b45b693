/**
 * Text fields refuse control characters, bidirectional overrides, invisible characters, noncharacters
 * and lone surrogates with a clear 400 (one shared rule), the avatar of any name stays well-formed, and photo
 * URLs are stored absolute (http or https) or refused.
 */
import fc from 'fast-check';
import { API_ROUTES, YOUTUBE_ROUTES, type Creator } from '@friends/shared';
import { admin, createCreator, snapshot } from './support/helpers';
import { ADMIN_PASSWORD, startTestApp, TEST_DB, type TestContext } from './support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_RATE_LIMIT: '1000', SUGGESTION_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const UNSAFE = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u2066',
  '\ud83d',
  '\ude00',
  '\t',
  '\n',
  // Invisible characters and noncharacters: a name with them would look like one without.
  '\u200b',
  '\u200d',
  '\u200f',
  '\u00ad',
  '\u061c',
  '\u2060',
  '\u2064',
  '\u3164',
  '\ufeff',
  '\ufdd0',
  '\uffff',
];

/** JSON as a client would send it: lone surrogates written as \u escapes (JSON.stringify does that). */
const send = (method: 'post' | 'put', url: string, body: unknown) =>
  admin(t)[method](url).set('Content-Type', 'application/json').send(JSON.stringify(body));

describe(`control characters (${TEST_DB})`, () => {
  it('every text field answers 400 naming the field, and nothing is stored', async () => {
    const creator = await createCreator(t, 'Plain Ann');
    const before = await snapshot(t);
    const cases: [string, () => ReturnType<typeof send>][] = [];
    for (const c of UNSAFE) {
      const bad = `Ann${c}Bo`;
      cases.push(
        ['creator name', () => send('post', API_ROUTES.creators, { name: bad })],
        ['creator rename', () => send('put', API_ROUTES.creators, { id: creator.id, name: bad })],
        [
          'social link',
          () =>
            send('post', API_ROUTES.creators, { name: 'Ok', socialLinks: [{ url: `https://x.com/${bad}` }] }),
        ],
        [
          'photo',
          () => send('post', API_ROUTES.creators, { name: 'Ok', photo: `https://img.example/${bad}.png` }),
        ],
        ['video title', () => send('post', API_ROUTES.videos, { title: bad, authorIds: [creator.id] })],
        ['suggestion', () => send('post', API_ROUTES.suggestions, { url: `https://youtu.be/${bad}` })],
        ['youtube url', () => send('post', YOUTUBE_ROUTES.videoInfo, { url: `https://youtu.be/${bad}` })],
      );
    }
    for (const [what, call] of cases) {
      const response = await call();
      expect({ what, status: response.status }).toEqual({ what, status: 400 });
      expect(response.body).toEqual({ error: expect.stringMatching(/contains a control character/) });
    }
    const login = await t
      .http()
      .post(API_ROUTES.login)
      .send({ password: `${ADMIN_PASSWORD}\u0000` });
    expect(login.status).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });

  it('right-to-left scripts, emoji and accents are text like any other', async () => {
    for (const name of ['שלום עולם', 'Émile 🙂‍↔️ Zola', '李小龙']) {
      const created = await createCreator(t, name);
      expect(created.name).toBe(name);
    }
  });

  it('never reach the avatar: any name draws a well-formed SVG without them', async () => {
    for (const c of UNSAFE) {
      const response = await t
        .http()
        .get(
          `${API_ROUTES.avatar}?name=${encodeURIComponent(`A${c}B`.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%BD`,
        );
      expect(response.status).toBe(200);
      const svg = String(response.text ?? response.body);
      expect(svg).toMatch(/^<svg [^>]*>.*<\/svg>$/s);
      expect(svg).not.toContain(c);
    }
  });

  it('fast-check: a creator name holding any of them is always 400 and stores nothing', async () => {
    const before = await snapshot(t);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(...UNSAFE),
        fc.string({ maxLength: 20 }),
        async (a, c, b) => {
          const response = await send('post', API_ROUTES.creators, { name: `${a}${c}${b}x` });
          expect(response.status).toBe(400);
        },
      ),
      { numRuns: 40, seed: 13 },
    );
    expect(await snapshot(t)).toEqual(before);
  });
});

describe(`search terms (${TEST_DB})`, () => {
  it('a NUL or any control character in ?q= answers 400 { error } on every search, never a 500', async () => {
    await createCreator(t, 'Abc Searchable');
    const routes = [API_ROUTES.creatorsSearch, API_ROUTES.creatorsSearchIds, API_ROUTES.videosSearch];
    for (const route of routes) {
      for (const q of ['ab\u0000c', '\u0000', 'a\u0007', 'x\u001b[0m', 'a\nb', 'a\tb', 'a\u007fb']) {
        const res = await admin(t).get(`${route}?q=${encodeURIComponent(q)}`);
        expect([route, q, res.status]).toEqual([route, q, 400]);
        expect(res.body).toEqual({
          error: expect.stringMatching(/^q contains a control character/) as string,
        });
      }
      expect((await admin(t).get(`${route}?q=${encodeURIComponent('Abc')}`)).status).toBe(200);
    }
  });

  it('invisible characters in ?q= are dropped: the same answer as without them', async () => {
    await createCreator(t, 'Def Searchable');
    const routes = [API_ROUTES.creatorsSearch, API_ROUTES.creatorsSearchIds, API_ROUTES.videosSearch];
    const get = (route: string, q: string) => admin(t).get(`${route}?q=${encodeURIComponent(q)}`);
    for (const route of routes) {
      const plain = await get(route, 'Def');
      expect(plain.status).toBe(200);
      const all = await get(route, '');
      for (const q of ['D\u200bef', '\u202eDef\u202c', '\u200eD\u00ade\u2060f\ufeff', 'De\u200df']) {
        const res = await get(route, q);
        expect([route, q, res.status, res.body]).toEqual([route, q, 200, plain.body]);
      }
      const invisible = await get(route, '\u200b\u2066\u2069');
      expect([route, invisible.status, invisible.body]).toEqual([route, 200, all.body]);
    }
  });
});

describe(`photo URLs (${TEST_DB})`, () => {
  it.each([
    ['//evil.example/x.png', 'https://evil.example/x.png'],
    ['evil.example/x.png', 'https://evil.example/x.png'],
    [' https://img.example/a b.png ', 'https://img.example/a%20b.png'],
  ])('%p is stored absolute as %p', async (photo, stored) => {
    const response = await send('post', API_ROUTES.creators, {
      name: `Photo ${stored} ${photo.length}`,
      photo,
    });
    expect(response.status).toBe(201);
    expect((response.body as Creator).photo).toBe(stored);
  });

  it.each(['/x.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://img.example/x.png'])(
    '%p answers 400',
    async (photo) => {
      const response = await send('post', API_ROUTES.creators, { name: `Bad photo ${photo}`, photo });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'photo must be an http(s) URL' });
    },
  );
});

describe(`video and link URLs (${TEST_DB})`, () => {
  it('are stored absolute: a bare host gets https://, and the typed form is not kept', async () => {
    const creator = await send('post', API_ROUTES.creators, {
      name: 'Link Normal',
      socialLinks: [{ url: ' www.instagram.com/linknormal ' }, { url: 'HTTPS://Example.com/a b' }],
    });
    expect(creator.status).toBe(201);
    expect((creator.body as Creator).socialLinks.map((l) => l.url)).toEqual([
      'https://www.instagram.com/linknormal',
      'https://example.com/a%20b',
    ]);
    const video = await send('post', API_ROUTES.videos, {
      title: 'Normal link video',
      url: 'youtu.be/dQw4w9WgXcQ',
      authorIds: [(creator.body as Creator).id],
    });
    expect(video.status).toBe(201);
    expect(video.body).toMatchObject({ url: 'https://youtu.be/dQw4w9WgXcQ' });
  });

  it.each(['//evil.example/v', '\\\\evil.example/v', '/v', 'javascript:alert(1)', 'ftp://evil.example/v'])(
    '%p answers 400 as a video URL and as a link, and nothing is stored',
    async (url) => {
      const creator = await createCreator(t, `Url Owner ${url.length}${url.charCodeAt(0)}`);
      const before = await snapshot(t);
      const video = await send('post', API_ROUTES.videos, {
        title: 'Smuggled',
        url,
        authorIds: [creator.id],
      });
      expect(video.status).toBe(400);
      expect(video.body).toEqual({ error: 'url must be an http(s) URL' });
      const link = await send('put', API_ROUTES.creators, {
        id: creator.id,
        name: creator.name,
        socialLinks: [{ url }],
      });
      expect(link.status).toBe(400);
      expect(link.body).toEqual({
        error: expect.stringMatching(/is not an http\(s\) URL$/) as string,
      });
      expect(await snapshot(t)).toEqual(before);
    },
  );
});
