/**
 * Collab events, roles and crew at import (docs/product.md "Collab events", "Roles and crew") on the
 * database TEST_DB names: the labelled multi-POV set (test-support/multi-pov-set.ts) served by the fake
 * YouTube and imported through POST /api/youtube/import in the admin screen's chunks, as one run. Then
 * the uploads' events are scored against the labels, the weak groupings reviewed, and the run undone.
 */
import {
  API_ROUTES,
  BACKUP_ROUTES,
  HISTORY_ROUTES,
  IMPORT_CHUNK_SIZE,
  REVIEW_ROUTES,
  YOUTUBE_ROUTES,
  extractVideoId,
  type BackupData,
  type CollabEvent,
  type EventProposalPage,
  type HistoryPage,
  type ImportResult,
  type Video,
} from '@friends/shared';
import { eventFigures, type EventFigures } from '../../test-support/event-report';
import { MULTI_POV_SET } from '../../test-support/multi-pov-set';
import { admin, createCreator, expectErrorBody } from './support/helpers';
import { startFakeYouTube, type FakeYouTube } from './support/fake-youtube';
import { startTestApp, type TestContext } from './support/test-app';

let fake: FakeYouTube;
let t: TestContext;

beforeAll(async () => {
  fake = await startFakeYouTube({ multiPov: true, benchVideos: 0 });
  t = await startTestApp({
    YOUTUBE_API_KEY: fake.apiKey,
    YOUTUBE_API_BASE_URL: fake.url,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
    INSTAGRAM_BASE_URL: fake.instagramUrl,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function allVideos(): Promise<Video[]> {
  const res = await t.http().get(API_ROUTES.videos);
  expect(res.status).toBe(200);
  return res.body as Video[];
}

/** The imported uploads grouped by event, as YouTube ids (uploads alone left out). */
async function eventGroups(): Promise<string[][]> {
  const groups = new Map<number, string[]>();
  for (const video of await allVideos()) {
    if (video.eventId === null) continue;
    groups.set(video.eventId, [...(groups.get(video.eventId) ?? []), extractVideoId(video.url)!]);
  }
  return [...groups.values()];
}

function report(what: string, figures: EventFigures & { wrong: string[] }): void {
  const pct = (figures.accuracy * 100).toFixed(1);
  console.log(
    `${what}: ${figures.right}/${figures.uploads} uploads in the right event (${pct}%), ${figures.merged} merged\n` +
      figures.wrong.map((w) => `  wrong: ${w}`).join('\n'),
  );
}

describe('the labelled multi-POV set through the import', () => {
  const keys = MULTI_POV_SET.uploads.map((u) => u.key);
  let entryId = 0;

  it('imports every upload as one run', async () => {
    // Listed order interleaves the channels, as an admin pasting several channels' uploads would.
    const totals = { imported: 0, events: 0, eventProposals: 0 };
    for (let i = 0; i < keys.length; i += IMPORT_CHUNK_SIZE) {
      const res = await admin(t)
        .post(YOUTUBE_ROUTES.import)
        .send({
          items: keys.slice(i, i + IMPORT_CHUNK_SIZE).map((id) => ({ id })),
          importId: 'multi-pov-run',
          last: i + IMPORT_CHUNK_SIZE >= keys.length,
        });
      expect(res.status).toBe(200);
      const body = res.body as ImportResult;
      totals.imported += body.imported;
      totals.events += body.events ?? 0;
      totals.eventProposals += body.eventProposals ?? 0;
    }
    expect(totals.imported).toBe(keys.length);
    expect(totals.events).toBeGreaterThan(0);
    expect(totals.eventProposals).toBeGreaterThan(0);
    const history = (await admin(t).get(`${HISTORY_ROUTES.history}?limit=5`)).body as HistoryPage;
    const imports = history.items.filter((item) => item.kind === 'import');
    expect(imports).toHaveLength(1);
    entryId = imports[0]!.id;
  });

  it('applies the linked groupings at once, merging no two events', async () => {
    const figures = eventFigures(MULTI_POV_SET, await eventGroups());
    report('applied at import', figures);
    expect(figures.merged).toBe(0);
    expect(figures.accuracy).toBeGreaterThanOrEqual(0.8);
  });

  it('shows the applied evidence on the event', async () => {
    const video = (await allVideos()).find((v) => extractVideoId(v.url) === 'cookoffThe1')!;
    expect(video.eventId).not.toBeNull();
    const event = (await t.http().get(API_ROUTES.event(video.eventId!))).body as CollabEvent;
    expect(event.videos.map((v) => extractVideoId(v.url)).sort()).toEqual(
      ['cookoffJun1', 'cookoffRos1', 'cookoffThe1'].sort(),
    );
    expect(event.evidence).toContain('links');
    expect(event.evidence).toContain('“Cook-off but I cannot cook”');
    // A backup carries it, and the proposals waiting for review.
    const backup = (await admin(t).get(BACKUP_ROUTES.backup).expect(200)).body as BackupData;
    expect(backup.events.find((e) => e.id === event.id)?.evidence).toBe(event.evidence);
    expect(backup.eventProposals.length).toBeGreaterThan(0);
  });

  it('gives roles, credited names and crew, never counting the crew', async () => {
    const videos = await allVideos();
    const byKey = (key: string) => videos.find((v) => extractVideoId(v.url) === key)!;
    const cookoff = byKey('cookoffJun1');
    expect(cookoff.authors.map((a) => [a.name, a.role])).toEqual([
      ['Juniper Lane', 'host'],
      ['Rosa Delacroix', 'featured'],
      ['Theo Marchetti', 'featured'],
    ]);
    expect(cookoff.crew).toEqual([{ name: 'Sam Hollis', job: 'editor', creatorId: null }]);
    const ros = byKey('cookoffRos1');
    expect(ros.authors.map((a) => a.role)).toEqual(['host', 'guest', 'guest']);
    expect(ros.crew).toEqual([{ name: 'Ivy Park', job: 'thumbnail', creatorId: null }]);
    const names = (await t.query<{ name: string }>('SELECT name FROM creators')).map((r) => r.name);
    expect(names).not.toContain('Sam Hollis');
    expect(names).not.toContain('Ivy Park');
  });

  it('proposes the weak groupings in review and groups them on accept', async () => {
    const page = (await admin(t).get(REVIEW_ROUTES.events)).body as EventProposalPage;
    expect(page.total).toBeGreaterThan(0);
    expect(page.items[0]!.videos).toHaveLength(2);
    expect(page.items[0]!.reason).toMatch(/published within 48 hours/i);
    for (const item of page.items) {
      const res = await admin(t).post(REVIEW_ROUTES.acceptEvent(item.id)).send({});
      // An earlier accept may have settled this one (both uploads now in one event).
      expect([200, 404]).toContain(res.status);
    }
    const figures = eventFigures(MULTI_POV_SET, await eventGroups());
    report('with review accepted', figures);
    expect(figures.accuracy).toBeGreaterThanOrEqual(0.95);
    expect(figures.merged).toBe(0);
  });

  it('takes the whole run back with one Undo, events and proposals included', async () => {
    // Undo the accepts first (each its own entry), newest first, then the import.
    const history = (await admin(t).get(`${HISTORY_ROUTES.history}?limit=50`)).body as HistoryPage;
    for (const item of history.items.filter((i) => i.id > entryId && i.undoable))
      expect((await admin(t).post(HISTORY_ROUTES.undo(item.id)).send({})).status).toBe(200);
    expect((await admin(t).post(HISTORY_ROUTES.undo(entryId)).send({})).status).toBe(200);
    expect(await allVideos()).toEqual([]);
    expect(await t.query('SELECT id FROM events')).toEqual([]);
    expect(await t.query('SELECT id FROM event_proposals')).toEqual([]);
    expect(await t.query('SELECT id FROM video_crew')).toEqual([]);
  });

  it('remembers a rejected grouping: a later import of the same uploads does not propose it again', async () => {
    const importAll = async (importId: string): Promise<number> => {
      let proposed = 0;
      for (let i = 0; i < keys.length; i += IMPORT_CHUNK_SIZE) {
        const res = await admin(t)
          .post(YOUTUBE_ROUTES.import)
          .send({
            items: keys.slice(i, i + IMPORT_CHUNK_SIZE).map((id) => ({ id })),
            importId,
            last: i + IMPORT_CHUNK_SIZE >= keys.length,
          });
        expect(res.status).toBe(200);
        proposed += (res.body as ImportResult).eventProposals ?? 0;
      }
      return proposed;
    };
    const proposals = async () => (await admin(t).get(REVIEW_ROUTES.events)).body as EventProposalPage;

    const proposed = await importAll('multi-pov-again');
    expect(proposed).toBeGreaterThan(0);
    const first = await proposals();
    expect(first.total).toBe(proposed);
    for (const item of first.items)
      expect((await admin(t).post(REVIEW_ROUTES.rejectEvent(item.id)).send({})).status).toBe(200);
    expect((await proposals()).total).toBe(0);
    expect(await t.query('SELECT id FROM event_rejections')).toHaveLength(proposed);

    // Undo of the last rejection brings its proposal back and forgets the rejection; rejected again.
    const history = (await admin(t).get(`${HISTORY_ROUTES.history}?limit=1`)).body as HistoryPage;
    expect((await admin(t).post(HISTORY_ROUTES.undo(history.items[0]!.id)).send({})).status).toBe(200);
    const back = await proposals();
    expect(back.total).toBe(1);
    expect(await t.query('SELECT id FROM event_rejections')).toHaveLength(proposed - 1);
    expect((await admin(t).post(REVIEW_ROUTES.rejectEvent(back.items[0]!.id)).send({})).status).toBe(200);

    // Every upload deleted and imported again: the rejections outlive the videos (keyed by URL).
    const ids = (await allVideos()).map((video) => video.id);
    expect((await admin(t).post(HISTORY_ROUTES.videosBulkDelete).send({ ids })).status).toBe(200);
    expect(await importAll('multi-pov-third')).toBe(0);
    expect((await proposals()).total).toBe(0);
    expect(await t.query('SELECT id FROM event_rejections')).toHaveLength(proposed);
  });
});

describe('crew given by hand', () => {
  it('sets crew on POST, replaces it on PUT, keeps it when absent', async () => {
    const ann = await createCreator(t, 'Ann Crew');
    const cal = await createCreator(t, 'Cal Crew');
    const made = await admin(t)
      .post(API_ROUTES.videos)
      .send({
        title: 'Crewed video',
        authorIds: [ann.id],
        crew: [
          { name: 'Sam Hollis', job: 'editor' },
          { name: 'Cal Crew', job: 'music', creatorId: cal.id },
        ],
      })
      .expect(201);
    const video = made.body as Video;
    expect(video.crew).toEqual([
      { name: 'Sam Hollis', job: 'editor', creatorId: null },
      { name: 'Cal Crew', job: 'music', creatorId: cal.id },
    ]);
    expect(video.authorIds).toEqual([ann.id]);
    const kept = await admin(t)
      .put(API_ROUTES.videos)
      .send({ id: video.id, title: 'Crewed video, renamed', authorIds: [ann.id] })
      .expect(200);
    expect((kept.body as Video).crew).toHaveLength(2);
    const replaced = await admin(t)
      .put(API_ROUTES.videos)
      .send({
        id: video.id,
        title: 'Crewed video',
        authorIds: [ann.id],
        crew: [{ name: 'Ivy Park', job: 'thumbnail' }],
      })
      .expect(200);
    expect((replaced.body as Video).crew).toEqual([{ name: 'Ivy Park', job: 'thumbnail', creatorId: null }]);
  });

  it.each([
    ['a crew name with control characters', { crew: [{ name: 'Sam\u0007Hollis', job: 'editor' }] }, 'name'],
    ['a crew job outside the list', { crew: [{ name: 'Sam Hollis', job: 'catering' }] }, 'job'],
    [
      'an unknown crew creator',
      { crew: [{ name: 'Sam Hollis', job: 'editor', creatorId: 999999 }] },
      'creatorId',
    ],
    ['a role outside the list', { authors: [{ id: 1, role: 'sidekick' }] }, 'role'],
  ])('refuses %s with 400 naming the field', async (_what, extra, field) => {
    const ann = await createCreator(t, `Bad Input ${field}`);
    const body: Record<string, unknown> = { title: 'Refused', authorIds: [ann.id], ...extra };
    if ('authors' in extra) body.authors = [{ id: ann.id, role: 'sidekick' }];
    const res = await admin(t).post(API_ROUTES.videos).send(body);
    expect(res.status).toBe(400);
    expectErrorBody(res.body);
    expect((res.body as { error: string }).error).toContain(field);
    const titles = (await allVideos()).map((v) => v.title);
    expect(titles).not.toContain('Refused');
  });
});
