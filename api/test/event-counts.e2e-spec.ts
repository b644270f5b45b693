/**
 * Counting by event (docs/product.md "Counting by event") on the database TEST_DB names: the
 * leaderboard's `?count=events` over all time, by period and for a group, kept on write through
 * grouping, ungrouping and their Undo; the creator and pair answers' `collaborationEvents`; the network
 * weighed by events; bad values.
 */
import {
  API_ROUTES,
  GROUP_ROUTES,
  HISTORY_ROUTES,
  INSIGHTS_ROUTES,
  NETWORK_ROUTES,
  addDays,
  utcDay,
  type CollabEvent,
  type CreatorNetwork,
  type CreatorProfile,
  type Group,
  type HistoryPage,
  type Leaderboard,
  type LeaderboardEntry,
  type PairVideos,
  type PeriodLeaderboard,
} from '@friends/shared';
import { CountsService } from '../src/counts/counts.service';
import { TransactionRunner } from '../src/database/transaction-runner.service';
import { admin, createCreator, createVideo } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function getJson<T>(url: string): Promise<T> {
  const res = await t.http().get(url);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${res.text}`);
  return res.body as T;
}

async function undoLatest(): Promise<void> {
  const page = (await admin(t).get(`${HISTORY_ROUTES.history}?limit=1`)).body as HistoryPage;
  const res = await admin(t).post(HISTORY_ROUTES.undo(page.items[0]!.id)).send({});
  if (res.status !== 200) throw new Error(`undo: ${res.status} ${res.text}`);
}

/** `name count` per row, in the board's order. */
const rowsOf = (entries: readonly LeaderboardEntry[]): string[] =>
  entries.map((entry) => `${entry.name} ${entry.count}`);

async function expectNoDrift(): Promise<void> {
  const counts = t.app.get(CountsService);
  expect(await t.app.get(TransactionRunner).read((manager) => counts.drift(manager))).toEqual({
    creators: 0,
    eventCounts: 0,
    videos: 0,
    pairs: 0,
    videoDates: 0,
    totals: [],
  });
}

const today = utcDay();
const day = (offset: number) => addDays(today, offset);

/**
 * A three-channel cook-off uploaded three times (one POV each, yesterday and the day before), a
 * later collaboration of Ann and Dee three weeks ago, and a solo upload of Ann's that is grouped too.
 */
let ann: number;
let bo: number;
let cy: number;
let dee: number;
let povs: number[];
let solo: number;

beforeAll(async () => {
  ann = (await createCreator(t, 'Ann Count')).id;
  bo = (await createCreator(t, 'Bo Count')).id;
  cy = (await createCreator(t, 'Cy Count')).id;
  dee = (await createCreator(t, 'Dee Count')).id;
  povs = [
    (await createVideo(t, { title: 'Cook-off (Ann POV)', date: day(-2), authorIds: [ann, bo, cy] })).id,
    (await createVideo(t, { title: 'Cook-off (Bo POV)', date: day(-1), authorIds: [bo, ann] })).id,
    (await createVideo(t, { title: 'Cook-off (Cy POV)', date: day(-1), authorIds: [cy, ann] })).id,
  ];
  await createVideo(t, { title: 'Ann and Dee later', date: day(-20), authorIds: [ann, dee] });
  solo = (await createVideo(t, { title: 'Cook-off shopping (Ann alone)', date: day(-2), authorIds: [ann] }))
    .id;
});

describe('GET /api/leaderboard?count=events', () => {
  let defaultBefore: string;

  it('counts like the default while nothing is grouped, and the default answer never changes', async () => {
    defaultBefore = (await t.http().get(API_ROUTES.leaderboard).expect(200)).text;
    const byVideo = JSON.parse(defaultBefore) as Leaderboard;
    expect(rowsOf(byVideo.mostCollaborations)).toEqual([
      'Ann Count 4',
      'Bo Count 2',
      'Cy Count 2',
      'Dee Count 1',
    ]);
    expect((await t.http().get(`${API_ROUTES.leaderboard}?count=videos`).expect(200)).text).toBe(
      defaultBefore,
    );
    const byEvent = await getJson<Leaderboard>(INSIGHTS_ROUTES.leaderboard('all', 'events'));
    // The same shape as the default answer.
    expect(Object.keys(byEvent)).toEqual(Object.keys(byVideo));
    expect(rowsOf(byEvent.mostCollaborations)).toEqual(rowsOf(byVideo.mostCollaborations));
    expect(byEvent.mostCollaborators).toEqual(byVideo.mostCollaborators);
  });

  it('counts the three uploads of one event once after grouping (the cached answer goes)', async () => {
    const grouped = await admin(t)
      .post(API_ROUTES.events)
      .send({ videoIds: [...povs, solo] })
      .expect(201);
    expect((grouped.body as CollabEvent).videos).toHaveLength(4);
    const byEvent = await getJson<Leaderboard>(INSIGHTS_ROUTES.leaderboard('all', 'events'));
    // Ann: the cook-off and the later video; Bo and Cy: the cook-off once; a solo upload never counts.
    expect(rowsOf(byEvent.mostCollaborations)).toEqual([
      'Ann Count 2',
      'Bo Count 1',
      'Cy Count 1',
      'Dee Count 1',
    ]);
    // Collaborators stay the distinct co-authors.
    expect(rowsOf(byEvent.mostCollaborators)).toEqual([
      'Ann Count 3',
      'Bo Count 2',
      'Cy Count 2',
      'Dee Count 1',
    ]);
    // The default, byte for byte as before.
    expect((await t.http().get(API_ROUTES.leaderboard).expect(200)).text).toBe(defaultBefore);
    await expectNoDrift();
  });

  it('merges an event before ranking on the period boards', async () => {
    const week = await getJson<PeriodLeaderboard>(INSIGHTS_ROUTES.leaderboard('week', 'events'));
    expect(Object.keys(week).sort()).toEqual([
      'current',
      'mostCollaborations',
      'mostCollaborators',
      'newPairs',
      'period',
      'previous',
    ]);
    expect(rowsOf(week.mostCollaborations)).toEqual(['Ann Count 1', 'Bo Count 1', 'Cy Count 1']);
    // The new pairs count events together, not uploads.
    expect(week.newPairs.map((pair) => [pair.a.name, pair.b.name, pair.videos])).toEqual([
      ['Ann Count', 'Bo Count', 1],
      ['Ann Count', 'Cy Count', 1],
      ['Bo Count', 'Cy Count', 1],
    ]);
    const weekByVideo = await getJson<PeriodLeaderboard>(INSIGHTS_ROUTES.leaderboard('week'));
    expect(rowsOf(weekByVideo.mostCollaborations)).toEqual(['Ann Count 3', 'Bo Count 2', 'Cy Count 2']);
    const month = await getJson<PeriodLeaderboard>(INSIGHTS_ROUTES.leaderboard('month', 'events'));
    expect(rowsOf(month.mostCollaborations)).toEqual([
      'Ann Count 2',
      'Bo Count 1',
      'Cy Count 1',
      'Dee Count 1',
    ]);
    expect((await t.http().get(`${API_ROUTES.leaderboard}?period=year&count=videos`).expect(200)).text).toBe(
      (await t.http().get(`${API_ROUTES.leaderboard}?period=year`).expect(200)).text,
    );
  });

  it('composes with the group filter, over all time and by period', async () => {
    const group = (await admin(t).post(GROUP_ROUTES.groups).send({ name: 'Count Crew', kind: 'group' }))
      .body as Group;
    for (const creatorId of [ann, bo])
      await admin(t)
        .post(GROUP_ROUTES.members(group.id))
        .send({ creatorId, from: '2020-01-01', to: null })
        .expect(201);
    const all = await getJson<Leaderboard>(`${GROUP_ROUTES.leaderboard(group.id)}&count=events`);
    expect(rowsOf(all.mostCollaborations)).toEqual(['Ann Count 2', 'Bo Count 1']);
    const byVideo = await getJson<Leaderboard>(GROUP_ROUTES.leaderboard(group.id));
    expect(rowsOf(byVideo.mostCollaborations)).toEqual(['Ann Count 4', 'Bo Count 2']);
    const week = await getJson<PeriodLeaderboard>(
      `${GROUP_ROUTES.leaderboard(group.id, undefined, 'week')}&count=events`,
    );
    expect(rowsOf(week.mostCollaborations)).toEqual(['Ann Count 1', 'Bo Count 1']);
  });

  it('follows ungrouping, its Undo, and the Undo of a grouping', async () => {
    const eventId = (
      await getJson<{ items: { id: number; eventId: number | null }[] }>(
        `${API_ROUTES.videosSearch}?q=Cook-off&limit=50`,
      )
    ).items.find((video) => video.id === povs[0])!.eventId!;
    expect(eventId).toEqual(expect.any(Number));
    const board = async () =>
      rowsOf((await getJson<Leaderboard>(INSIGHTS_ROUTES.leaderboard('all', 'events'))).mostCollaborations);

    await admin(t).delete(API_ROUTES.event(eventId)).expect(200);
    expect(await board()).toEqual(['Ann Count 4', 'Bo Count 2', 'Cy Count 2', 'Dee Count 1']);
    await expectNoDrift();

    await undoLatest(); // the ungrouping: the event is back
    expect(await board()).toEqual(['Ann Count 2', 'Bo Count 1', 'Cy Count 1', 'Dee Count 1']);
    await expectNoDrift();

    await admin(t).delete(API_ROUTES.event(eventId)).expect(200);
    const regrouped = (
      await admin(t)
        .post(API_ROUTES.events)
        .send({ videoIds: povs.slice(0, 2) })
        .expect(201)
    ).body as CollabEvent;
    expect(regrouped.videos.map((video) => video.id)).toEqual(povs.slice(0, 2));
    expect(await board()).toEqual(['Ann Count 3', 'Cy Count 2', 'Bo Count 1', 'Dee Count 1']);
    await undoLatest(); // the grouping: each upload on its own again
    expect(await board()).toEqual(['Ann Count 4', 'Bo Count 2', 'Cy Count 2', 'Dee Count 1']);
    await expectNoDrift();

    // Group the cook-off again for the reads below.
    await admin(t).post(API_ROUTES.events).send({ videoIds: povs }).expect(201);
    expect(await board()).toEqual(['Ann Count 2', 'Bo Count 1', 'Cy Count 1', 'Dee Count 1']);
  });

  it('keeps counting when an upload of an event loses its other authors or is deleted', async () => {
    const withAnn = (await createVideo(t, { title: 'Extra POV', date: day(-1), authorIds: [dee, ann] })).id;
    const withBo = (await createVideo(t, { title: 'Extra POV 2', date: day(-1), authorIds: [bo, dee] })).id;
    await admin(t)
      .post(API_ROUTES.events)
      .send({ videoIds: [withAnn, withBo] })
      .expect(201);
    const events = async () =>
      new Map(
        (await getJson<Leaderboard>(INSIGHTS_ROUTES.leaderboard('all', 'events'))).mostCollaborations.map(
          (entry) => [entry.name, entry.count],
        ),
      );
    // Dee: the later video and the new event; Bo: the cook-off and the new event.
    expect([(await events()).get('Dee Count'), (await events()).get('Bo Count')]).toEqual([2, 2]);
    // Bo's upload becomes a solo one: Bo is in the event only by a solo upload, which never counts.
    await admin(t)
      .put(API_ROUTES.videos)
      .send({ id: withBo, title: 'Extra POV 2', authorIds: [bo] })
      .expect(200);
    expect([(await events()).get('Dee Count'), (await events()).get('Bo Count')]).toEqual([2, 1]);
    await admin(t).delete(`${API_ROUTES.videos}?id=${withAnn}`).expect(200);
    expect([(await events()).get('Dee Count'), (await events()).get('Ann Count')]).toEqual([1, 2]);
    await expectNoDrift();
  });

  it('answers 400 { error } naming count for a value it does not know', async () => {
    for (const url of [
      `${API_ROUTES.leaderboard}?count=event`,
      `${API_ROUTES.leaderboard}?count=`,
      `${API_ROUTES.leaderboard}?count=events&count=videos`,
      `${API_ROUTES.leaderboard}?period=week&count=EVENTS`,
    ]) {
      const res = await t.http().get(url);
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.body).toEqual({ error: 'count must be one of videos, events' });
    }
  });
});

describe('collaborationEvents on the creator and pair answers', () => {
  it('says how many events the collaborations were', async () => {
    const profile = await getJson<CreatorProfile>(API_ROUTES.creatorProfile(ann));
    expect(profile.stats.collaborations).toBe(4);
    expect(profile.collaborationEvents).toBe(2);
    expect((await getJson<CreatorProfile>(API_ROUTES.creatorProfile(dee))).collaborationEvents).toBe(1);
    const pair = await getJson<PairVideos>(NETWORK_ROUTES.pair(ann, bo));
    expect(pair.videos).toHaveLength(2);
    expect(pair.collaborationEvents).toBe(1);
    const later = await getJson<PairVideos>(NETWORK_ROUTES.pair(ann, dee));
    expect([later.videos.length, later.collaborationEvents]).toEqual([1, 1]);
  });
});

describe('GET /api/creators/:id/network?weight=events', () => {
  it('weighs edges by events together, and by videos by default', async () => {
    const edge = (network: CreatorNetwork, a: number, b: number) =>
      network.edges.find((e) => e.source === Math.min(a, b) && e.target === Math.max(a, b))?.weight;
    const byVideo = await getJson<CreatorNetwork>(NETWORK_ROUTES.network(ann));
    expect(byVideo).not.toHaveProperty('weight');
    expect([
      edge(byVideo, ann, bo),
      edge(byVideo, ann, cy),
      edge(byVideo, bo, cy),
      edge(byVideo, ann, dee),
    ]).toEqual([2, 2, 1, 1]);
    const byEvent = await getJson<CreatorNetwork>(`${NETWORK_ROUTES.network(ann)}&weight=events`);
    expect(byEvent.weight).toBe('events');
    expect([
      edge(byEvent, ann, bo),
      edge(byEvent, ann, cy),
      edge(byEvent, bo, cy),
      edge(byEvent, ann, dee),
    ]).toEqual([1, 1, 1, 1]);
    expect(byEvent.nodes.find((node) => node.id === ann)?.collabCount).toBe(2);
    expect(byVideo.nodes.find((node) => node.id === ann)?.collabCount).toBe(4);
    const twoHops = await getJson<CreatorNetwork>(`${NETWORK_ROUTES.network(bo, 2)}&weight=events`);
    expect(edge(twoHops, bo, ann)).toBe(1);
    expect(edge(twoHops, ann, dee)).toBe(1);
  });

  it('answers 400 { error } naming weight for a value it does not know', async () => {
    const res = await t
      .http()
      .get(`${NETWORK_ROUTES.network(ann)}&weight=people`)
      .expect(400);
    expect(res.body).toEqual({ error: 'weight must be one of videos, events' });
  });
});
