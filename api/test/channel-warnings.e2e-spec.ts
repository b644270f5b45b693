/**
 * Adding or editing a creator whose channel URL (first social link, compared in canonical form) is
 * another creator's: saved all the same, with a warning naming that creator; and the lookup the admin
 * form uses to warn while the URL is typed.
 */
import { API_ROUTES, type ChannelOwner, type SavedCreator } from '@friends/shared';
import { createCreator } from './support/helpers';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

let t: TestContext;
let otis: SavedCreator;
let lark: SavedCreator;
beforeAll(async () => {
  t = await startTestApp();
  otis = await createCreator(t, {
    name: 'Otis Brightwater',
    socialLinks: [{ url: 'https://www.youtube.com/@OtisBrightwater' }],
  });
  lark = await createCreator(t, {
    name: 'Lark Ellison',
    socialLinks: [
      { url: 'https://www.instagram.com/lark.ellison/' },
      { url: 'https://www.youtube.com/@SharedSecond' },
    ],
  });
});
afterAll(() => t.close());

const post = (body: object) => t.http().post(API_ROUTES.creators).set('Cookie', t.cookie).send(body);
const put = (body: object) => t.http().put(API_ROUTES.creators).set('Cookie', t.cookie).send(body);
const owner = async (url: string, exclude?: number): Promise<ChannelOwner> =>
  (
    await t
      .http()
      .get(API_ROUTES.creatorsChannelOwner)
      .query(exclude ? { url, exclude } : { url })
      .set('Cookie', t.cookie)
      .expect(200)
  ).body as ChannelOwner;

describe(`a channel URL another creator has (${TEST_DB})`, () => {
  it('is saved on create, with a warning naming that creator; the same channel typed differently counts', async () => {
    const answer = await post({
      name: 'Otis Again',
      socialLinks: [{ url: 'm.youtube.com/@otisbrightwater/videos?si=abc' }],
    }).expect(201);
    const saved = answer.body as SavedCreator;
    expect(saved).toMatchObject({
      name: 'Otis Again',
      channel: 'https://m.youtube.com/@otisbrightwater/videos?si=abc',
    });
    expect(saved.warnings).toEqual([
      { field: 'channel', message: 'Also the channel of "Otis Brightwater"', creatorId: otis.id },
    ]);
    const [stored] = await t.query<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM creators WHERE name = ?',
      ['Otis Again'],
    );
    expect(Number(stored?.n)).toBe(1);
  });

  it('warns on an edit that takes another creator’s channel, and not when a creator keeps its own', async () => {
    const mira = await createCreator(t, {
      name: 'Mira Solace',
      socialLinks: [{ url: 'https://www.youtube.com/@MiraSolace' }],
    });
    expect(mira.warnings).toBeUndefined();
    const kept = await put({ id: mira.id, name: 'Mira Solace Jr', socialLinks: mira.socialLinks }).expect(
      200,
    );
    expect((kept.body as SavedCreator).warnings).toBeUndefined();

    const taken = await put({
      id: mira.id,
      name: 'Mira Solace',
      socialLinks: [{ url: 'https://instagram.com/Lark.Ellison' }],
    }).expect(200);
    expect((taken.body as SavedCreator).warnings).toEqual([
      { field: 'channel', message: 'Also the channel of "Lark Ellison"', creatorId: lark.id },
    ]);
    expect((taken.body as SavedCreator).channel).toBe('https://instagram.com/Lark.Ellison');
  });

  it('compares channels only: another creator’s second link or a different handle is no warning', async () => {
    const second = await post({
      name: 'Second Link',
      socialLinks: [{ url: 'https://www.youtube.com/@SharedSecond' }],
    }).expect(201);
    expect((second.body as SavedCreator).warnings).toBeUndefined();
    const similar = await post({
      name: 'Otis Bright',
      socialLinks: [{ url: 'https://www.youtube.com/@OtisBright' }],
    }).expect(201);
    expect((similar.body as SavedCreator).warnings).toBeUndefined();
    const none = await post({ name: 'No Links At All' }).expect(201);
    expect((none.body as SavedCreator).warnings).toBeUndefined();
  });

  it('is found by the lookup the form uses while typing, leaving out the creator being edited', async () => {
    expect(await owner('youtube.com/@OTISBRIGHTWATER')).toEqual({
      creator: { id: otis.id, name: 'Otis Brightwater' },
    });
    expect(await owner('https://www.youtube.com/@OtisBrightwater', otis.id)).toEqual({
      creator: expect.objectContaining({ name: 'Otis Again' }),
    });
    expect(await owner('https://www.youtube.com/@nobody-has-this')).toEqual({ creator: null });
    expect(await owner('not a url')).toEqual({ creator: null });
    // Non-ASCII handles are stored percent-encoded; they still match.
    const anna = await createCreator(t, {
      name: 'Anna Wingårdh',
      socialLinks: [{ url: 'https://www.youtube.com/@Wingårdh' }],
    });
    expect(await owner('https://www.youtube.com/@WINGÅRDH')).toEqual({
      creator: { id: anna.id, name: 'Anna Wingårdh' },
    });
  });

  it('answers 401 to a visitor and 400 { error } to bad input', async () => {
    await t.http().get(API_ROUTES.creatorsChannelOwner).query({ url: 'youtube.com/@x' }).expect(401);
    const bad = async (query: string, field: string) => {
      const answer = await t
        .http()
        .get(`${API_ROUTES.creatorsChannelOwner}?${query}`)
        .set('Cookie', t.cookie)
        .expect(400);
      expect((answer.body as { error: string }).error).toContain(field);
    };
    await bad('', 'url');
    await bad('url=a&url=b', 'url');
    await bad('url=a%00b', 'url');
    await bad(`url=${'a'.repeat(5000)}`, 'url');
    await bad('url=a&exclude=abc', 'exclude');
    await bad('url=a&exclude=0', 'id');
  });
});
