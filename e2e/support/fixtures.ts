/**
 * A small, fictional data set whose every count is known (checked by hand below), seeded through the API.
 *
 *   video                       date        authors
 *   v1 Treehouse build          2024-01-10  Alice, Bob
 *   v2 Cooking with Carol       2024-02-15  Alice, Carol
 *   v3 Dance build-off          2024-03-20  Alice, Bob, Dan
 *   v4 Alice alone              2024-04-01  Alice
 *   v5 Exploring with Eve       2023-12-01  Bob, Eve
 *   v6 Frank solo vlog          2024-05-05  Frank
 *   v7 Alice and Eve explore    2024-06-01  Alice, Eve
 *
 *   creator  videos  solo  collabs  collaborators   frequent collaborators (most first)
 *   Alice    5       1     4        4 (B, C, D, E)  Bob (2)
 *   Bob      3       0     3        3 (A, D, E)
 *   Eve      2       0     2        2 (A, B)
 *   Dan      1       0     1        2 (A, B)
 *   Carol    1       0     1        1 (A)
 *   Frank    1       1     0        0
 *   Gina     0       0     0        0
 *
 * Leaderboard, most collaborations: Alice 4, Bob 3, Eve 2, then Carol/Dan 1.
 * Leaderboard, most collaborators:  Alice 4, Bob 3, then Dan/Eve 2, Carol 1.
 */
import { AdminApi, CreatorRow, VideoRow } from './api';

export const CREATORS = {
  alice: { name: 'Alice Archer', socialLinks: [{ url: 'https://www.youtube.com/@alicearcher' }] },
  bob: { name: 'Bob Builder', socialLinks: [{ url: 'https://www.youtube.com/@bobbuilds' }] },
  carol: { name: 'Carol Chef', socialLinks: [{ url: 'https://www.instagram.com/carolcooks' }] },
  dan: { name: 'Dan Dancer', socialLinks: [{ url: 'https://www.tiktok.com/@dandances' }] },
  eve: { name: 'Eve Explorer', socialLinks: [{ url: 'https://www.twitch.tv/eveexplores' }] },
  frank: { name: 'Frank Solo', socialLinks: [{ url: 'https://www.youtube.com/@franksolo' }] },
  gina: { name: 'Gina Newcomer', socialLinks: [{ url: 'https://twitter.com/ginanew' }] },
} as const;
export type CreatorKey = keyof typeof CREATORS;

const VIDEOS = [
  { key: 'v1', title: 'Treehouse build', date: '2024-01-10', authors: ['alice', 'bob'] },
  { key: 'v2', title: 'Cooking with Carol', date: '2024-02-15', authors: ['alice', 'carol'] },
  { key: 'v3', title: 'Dance build-off', date: '2024-03-20', authors: ['alice', 'bob', 'dan'] },
  { key: 'v4', title: 'Alice alone', date: '2024-04-01', authors: ['alice'] },
  { key: 'v5', title: 'Exploring with Eve', date: '2023-12-01', authors: ['bob', 'eve'] },
  { key: 'v6', title: 'Frank solo vlog', date: '2024-05-05', authors: ['frank'] },
  { key: 'v7', title: 'Alice and Eve explore', date: '2024-06-01', authors: ['alice', 'eve'] },
] as const;
export type VideoKey = (typeof VIDEOS)[number]['key'];

/** Distinct fictional YouTube ids (11 characters). */
export const videoUrl = (n: number): string =>
  `https://www.youtube.com/watch?v=e2eVideo${String(n).padStart(3, '0')}`;

export interface World {
  creators: Record<CreatorKey, CreatorRow>;
  videos: Record<VideoKey, VideoRow>;
}

export async function seedWorld(api: AdminApi): Promise<World> {
  const creators = {} as Record<CreatorKey, CreatorRow>;
  for (const [key, input] of Object.entries(CREATORS) as [CreatorKey, (typeof CREATORS)[CreatorKey]][]) {
    creators[key] = await api.createCreator({ name: input.name, socialLinks: [...input.socialLinks] });
  }
  const videos = {} as Record<VideoKey, VideoRow>;
  for (const [i, v] of VIDEOS.entries()) {
    videos[v.key] = await api.createVideo({
      title: v.title,
      url: videoUrl(i + 1),
      date: v.date,
      authorIds: v.authors.map((a) => creators[a].id),
    });
  }
  return { creators, videos };
}
