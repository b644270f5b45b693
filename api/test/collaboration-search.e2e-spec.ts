/**
 * `with:"Name"` collaboration search (docs/product.md §2) on GET /api/creators/search and
 * GET /api/videos/search, on a small world worked out by hand:
 *
 *   video                  authors
 *   Ada and Bram           Ada Lumen, Bram
 *   Trio Gaming            Ada Lumen, Bram, Cleo
 *   Cleo meets Ada         Cleo, Ada Lumen
 *   Dev solo               Dev
 *   Eve visits             Eve, Bram
 *   Finn Gaming Night      Finn, Ada Lumen
 *   Old cameo              Old Name → merged into Bram (an alias of Bram), Dev
 */
import {
  API_ROUTES,
  MAX_WITH_NAMES,
  SEARCH_QUERY_ERRORS,
  pagedListUrl,
  withTerm,
  type Creator,
  type CreatorPage,
  type VideoPage,
} from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
let c: Record<'ada' | 'bram' | 'cleo' | 'dev' | 'eve' | 'finn', Creator>;

const creators = (q: string, page: { offset?: number; limit?: number } = {}) =>
  t.http().get(pagedListUrl(API_ROUTES.creatorsSearch, { q, ...page }));
const videos = (q: string, page: { offset?: number; limit?: number } = {}) =>
  t.http().get(pagedListUrl(API_ROUTES.videosSearch, { q, ...page }));
const ref = (creator: Creator) => ({ id: creator.id, name: creator.name });
const names = (page: CreatorPage) => page.items.map((creator) => creator.name);
const titles = (page: VideoPage) => page.items.map((video) => video.title);

beforeAll(async () => {
  t = await startTestApp();
  c = {
    ada: await createCreator(t, 'Ada Lumen'),
    bram: await createCreator(t, 'Bram'),
    cleo: await createCreator(t, 'Cleo'),
    dev: await createCreator(t, 'Dev'),
    eve: await createCreator(t, 'Eve'),
    finn: await createCreator(t, 'Finn'),
  };
  const old = await createCreator(t, 'Old Name');
  const videoList: [string, number[]][] = [
    ['Ada and Bram', [c.ada.id, c.bram.id]],
    ['Trio Gaming', [c.ada.id, c.bram.id, c.cleo.id]],
    ['Cleo meets Ada', [c.cleo.id, c.ada.id]],
    ['Dev solo', [c.dev.id]],
    ['Eve visits', [c.eve.id, c.bram.id]],
    ['Finn Gaming Night', [c.finn.id, c.ada.id]],
    ['Old cameo', [old.id, c.dev.id]],
  ];
  for (const [title, authorIds] of videoList) await createVideo(t, { title, authorIds });
  await admin(t)
    .patch(API_ROUTES.creators)
    .send({ primaryId: c.bram.id, mergeIds: [old.id] })
    .expect(200);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/creators/search with:', () => {
  it('lists the creators who have a video with the named creator, in id order, never that creator', async () => {
    const page = (await creators('with:"Ada Lumen"').expect(200)).body as CreatorPage;
    expect(page.total).toBe(3);
    expect(names(page)).toEqual(['Bram', 'Cleo', 'Finn']);
    expect(page).not.toHaveProperty('unknownNames');
    // The creators the names name, as stored, for the screen to show.
    expect(page.withCreators).toEqual([ref(c.ada)]);
    // The items are the usual list items, counts included.
    expect(page.items[0]).toMatchObject({ id: c.bram.id, videoCount: 4, collabCount: 4 });
  });

  it('resolves a name like everywhere else: any case, extra spaces, bare words and aliases', async () => {
    expect(names((await creators('WITH:"  ada   LUMEN "').expect(200)).body)).toEqual([
      'Bram',
      'Cleo',
      'Finn',
    ]);
    expect(names((await creators('with:finn').expect(200)).body)).toEqual(['Ada Lumen']);
    // 'Old Name' was merged into Bram: it names Bram, whose collaborators include Old Name's.
    expect(names((await creators('with:"old name"').expect(200)).body)).toEqual([
      'Ada Lumen',
      'Cleo',
      'Dev',
      'Eve',
    ]);
  });

  it('needs a video with every named creator when several are named', async () => {
    expect(names((await creators('with:"Ada Lumen" with:Bram').expect(200)).body)).toEqual(['Cleo']);
    const none = (await creators('with:Finn with:Eve').expect(200)).body as CreatorPage;
    expect(none).toEqual({ total: 0, items: [], withCreators: [ref(c.finn), ref(c.eve)] });
    // The same name twice (or an alias of it) is one name.
    expect(names((await creators('with:Bram with:"old name"').expect(200)).body)).toEqual([
      'Ada Lumen',
      'Cleo',
      'Dev',
      'Eve',
    ]);
  });

  it('filters by the plain text around the with: terms as the plain search does', async () => {
    expect(names((await creators('fi with:"Ada Lumen"').expect(200)).body)).toEqual(['Finn']);
    expect(names((await creators('with:"Ada Lumen" LEO').expect(200)).body)).toEqual(['Cleo']);
    // One or two characters match anywhere, an alias too (Bram holds the merged Old Name).
    expect(names((await creators('le with:"Ada Lumen"').expect(200)).body)).toEqual(['Cleo']);
    expect(names((await creators('nn with:"Ada Lumen"').expect(200)).body)).toEqual(['Finn']);
    expect(names((await creators('e with:"Ada Lumen"').expect(200)).body)).toEqual(['Bram', 'Cleo']);
    expect((await creators('with:"Ada Lumen" zz').expect(200)).body).toEqual({
      total: 0,
      items: [],
      withCreators: [ref(c.ada)],
    });
  });

  it('pages with the total of all matches', async () => {
    const first = (await creators('with:"Ada Lumen"', { limit: 2 }).expect(200)).body as CreatorPage;
    const second = (await creators('with:"Ada Lumen"', { offset: 2, limit: 2 }).expect(200))
      .body as CreatorPage;
    expect([first.total, names(first), second.total, names(second)]).toEqual([
      3,
      ['Bram', 'Cleo'],
      3,
      ['Finn'],
    ]);
  });

  it('answers an unknown name with an empty page that names it, not an error', async () => {
    expect((await creators('with:"Nobody Here"').expect(200)).body).toEqual({
      total: 0,
      items: [],
      unknownNames: ['Nobody Here'],
    });
    expect((await creators('with:"Ada Lumen" with:nobody with:ghost').expect(200)).body).toEqual({
      total: 0,
      items: [],
      unknownNames: ['nobody', 'ghost'],
    });
  });

  it('reads a first name or the start of a name when it names one creator', async () => {
    expect(names((await creators('with:ada').expect(200)).body)).toEqual(['Bram', 'Cleo', 'Finn']);
    expect(names((await creators('with:Ada Lu').expect(200)).body)).toEqual(['Bram', 'Cleo', 'Finn']);
    const page = (await creators('with:fi').expect(200)).body as CreatorPage;
    expect([names(page), page.withCreators]).toEqual([['Ada Lumen'], [ref(c.finn)]]);
    // An unquoted full name: the capitalised words after with: belong to the name.
    expect(names((await creators('with:Ada Lumen').expect(200)).body)).toEqual(['Bram', 'Cleo', 'Finn']);
  });

  it("asks which creator was meant when a name starts several creators' names", async () => {
    const adele = await createCreator(t, 'Adele Quist');
    try {
      expect((await creators('with:ad').expect(200)).body).toEqual({
        total: 0,
        items: [],
        ambiguousNames: [{ name: 'ad', candidates: [ref(c.ada), ref(adele)] }],
      });
      expect((await videos('with:ad').expect(200)).body).toEqual({
        total: 0,
        items: [],
        ambiguousNames: [{ name: 'ad', candidates: [ref(c.ada), ref(adele)] }],
      });
      // The whole name is never ambiguous.
      expect(names((await creators('with:"Ada Lumen"').expect(200)).body)).toEqual(['Bram', 'Cleo', 'Finn']);
    } finally {
      await admin(t).delete(`${API_ROUTES.creators}?id=${adele.id}`).expect(200);
    }
  });

  it('keeps plain text exactly as before', async () => {
    expect((await creators('ADA').expect(200)).body).toEqual(
      expect.objectContaining({ total: 1, items: [expect.objectContaining({ name: 'Ada Lumen' })] }),
    );
    expect(Object.keys((await creators('ada').expect(200)).body as object).sort()).toEqual([
      'items',
      'total',
    ]);
    expect((await creators('without:x').expect(200)).body).toEqual({ total: 0, items: [] });
  });
});

describe('GET /api/videos/search with:', () => {
  it('lists the videos every named creator appears in, newest first, with the total', async () => {
    const ada = (await videos('with:"Ada Lumen"').expect(200)).body as VideoPage;
    expect([ada.total, titles(ada)]).toEqual([
      4,
      ['Finn Gaming Night', 'Cleo meets Ada', 'Trio Gaming', 'Ada and Bram'],
    ]);
    const both = (await videos('with:"ada lumen" with:BRAM').expect(200)).body as VideoPage;
    expect([both.total, titles(both)]).toEqual([2, ['Trio Gaming', 'Ada and Bram']]);
    expect(both.items[0]!.authors.map((author) => author.name)).toEqual(['Ada Lumen', 'Bram', 'Cleo']);
    const trio = (await videos('with:Cleo with:Bram with:"Ada Lumen"').expect(200)).body as VideoPage;
    expect(titles(trio)).toEqual(['Trio Gaming']);
    expect((await videos('with:Finn with:Eve').expect(200)).body).toEqual({
      total: 0,
      items: [],
      withCreators: [ref(c.finn), ref(c.eve)],
    });
    // An alias names its creator, shown by the current name.
    expect(((await videos('with:"old name"').expect(200)).body as VideoPage).withCreators).toEqual([
      ref(c.bram),
    ]);
  });

  it('reads aliases, the text around the terms, and pages', async () => {
    expect(titles((await videos('with:"Old Name" with:dev').expect(200)).body)).toEqual(['Old cameo']);
    expect(titles((await videos('gaming with:"Ada Lumen"').expect(200)).body)).toEqual([
      'Finn Gaming Night',
      'Trio Gaming',
    ]);
    const second = (await videos('with:"Ada Lumen"', { offset: 1, limit: 2 }).expect(200)).body as VideoPage;
    expect([second.total, titles(second)]).toEqual([4, ['Cleo meets Ada', 'Trio Gaming']]);
  });

  it('answers an unknown name with an empty page that names it', async () => {
    expect((await videos('with:"Ada Lumen" with:"No One"').expect(200)).body).toEqual({
      total: 0,
      items: [],
      unknownNames: ['No One'],
    });
  });
});

describe('malformed with: terms', () => {
  const tooMany = Array.from({ length: MAX_WITH_NAMES + 1 }, (_, i) => withTerm(`Name ${i}`)).join(' ');
  const cases: [string, string][] = [
    ['with:"Ada Lumen', SEARCH_QUERY_ERRORS.unclosedQuote],
    ['ada with:', SEARCH_QUERY_ERRORS.missingName],
    ['with:""', SEARCH_QUERY_ERRORS.missingName],
    [tooMany, SEARCH_QUERY_ERRORS.tooManyNames],
  ];

  it.each(cases)('answers 400 { error } to %j on both searches', async (q, message) => {
    for (const request of [creators(q), videos(q)]) {
      const response = await request.expect(400);
      expectErrorBody(response.body);
      expect(response.body).toEqual({ error: message });
    }
  });

  it('accepts as many names as the cap', async () => {
    const five = [c.bram, c.cleo, c.dev, c.eve, c.finn].map((creator) => withTerm(creator.name)).join(' ');
    expect((await creators(five).expect(200)).body).toMatchObject({ total: 0, items: [] });
  });
});
