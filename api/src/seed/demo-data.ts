/**
 * Fictional demo data (SEED_DEMO): 30 creators and 80 videos with the structure real data has: a few
 * hubs who collaborate with many, recurring pairs, group videos, solo-only creators and two creators
 * without videos yet; links on several platforms. Every name, handle and video id is made up, and the
 * same data comes out on every run (a seeded generator, no clock, no randomness).
 */
import { seededRandom } from '@friends/shared';

export interface DemoCreator {
  name: string;
  links: string[];
}
export interface DemoVideo {
  title: string;
  url: string;
  date: string;
  /** Indexes into creators, main creator first. */
  authors: number[];
}

const NAMES = [
  'Juniper Vale',
  'Otis Brightwater',
  'Mirela Quince',
  'Tobias Fernhollow',
  'Sunny Okonkwo-Hale',
  'Pip Marchetti',
  'Rosalind Ashgrove',
  'Dex Calloway',
  'Hana Whitlock',
  'Brann Oduya',
  'Clementine Roux',
  'Ivo Starling',
  'Noor Castellan',
  'Felix Underhay',
  'Wren Takahara',
  'Lupe Arkwright',
  'Caspian Dole',
  'Marisol Fenwick',
  'Ezra Pennywhistle',
  'Tamsin Holloway',
  'Kofi Brackenridge',
  'Ines Larkspur',
  'Rufus Merriweather',
  'Zadie Quartermain',
  'Anselm Brook',
  'Priya Wexford',
  'Jonah Thistlewood',
  'Oona Castellane',
  'Bastian Reedly',
  'Lark Emberly',
];

const ACTIVITIES = [
  'Building a Treehouse in 48 Hours',
  'Blind Taste Test: Street Food',
  'We Tried Every Board Game',
  'Rating Viewer Recipes',
  'Speedrunning a Cozy Farm Game',
  'Camping in the Rain',
  'DIY Arcade Cabinet',
  'Learning to Juggle in a Week',
  'Retro Console Restoration',
  'The Ultimate Paper Plane Contest',
  'Cooking With Only a Kettle',
  'Thrift Store Outfit Challenge',
  'Guess the Song in 3 Seconds',
  'Sunrise Hike and Breakfast',
  'Building a Mini Golf Course',
  'Trying Hobbies for the First Time',
  'Escape Room Marathon',
  'One Colour Art Challenge',
  'Bike Repair for Beginners',
  'Midnight Snack Battle',
];

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function demoData(): { creators: DemoCreator[]; videos: DemoVideo[] } {
  const random = seededRandom(20240601);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  const creators = NAMES.map((name, index): DemoCreator => {
    const handle = name.replace(/[^A-Za-z]/g, '');
    const links = [`https://www.youtube.com/@${handle}`];
    if (index % 3 === 0) links.push(`https://www.instagram.com/${handle.toLowerCase()}/`);
    if (index % 4 === 1) links.push(`https://x.com/${handle}`);
    if (index % 5 === 2) links.push(`https://www.tiktok.com/@${handle.toLowerCase()}`);
    if (index % 7 === 3) links.push(`https://www.twitch.tv/${handle.toLowerCase()}`);
    return { name, links };
  });

  const hubs = [0, 1, 2];
  const pairs: [number, number][] = [
    [3, 4],
    [5, 6],
    [7, 8],
    [9, 10],
  ];
  const soloOnly = [25, 26, 27];
  // 28 and 29 have no videos yet.
  const regulars = Array.from({ length: 25 }, (_, i) => i);

  const authorSets: number[][] = [];
  for (let i = 0; i < 80; i++) {
    const kind = i % 8;
    if (kind === 0 || kind === 4)
      authorSets.push([pick(regulars)]); // solo
    else if (kind === 1)
      authorSets.push([soloOnly[i % soloOnly.length] as number]); // solo-only creators
    else if (kind === 2 || kind === 6)
      authorSets.push([...(pick(pairs) as number[])]); // recurring pair
    else if (kind === 3) {
      const hub = pick(hubs);
      authorSets.push([hub, pick(regulars.filter((c) => c !== hub))]); // hub with a guest
    } else if (kind === 5) {
      const group = new Set<number>([pick(hubs)]);
      const size = 3 + Math.floor(random() * 3);
      while (group.size < size) group.add(pick(regulars));
      authorSets.push([...group]); // group video
    } else authorSets.push([pick(hubs), pick(hubs)].filter((c, j, all) => all.indexOf(c) === j)); // hubs together
  }

  const usedIds = new Set<string>();
  const videos = authorSets.map((authors, i): DemoVideo => {
    let id = '';
    while (id.length !== 11 || usedIds.has(id)) {
      id = Array.from({ length: 11 }, () => pick([...ID_ALPHABET])).join('');
    }
    usedIds.add(id);
    const names = authors.map((a) => (creators[a] as DemoCreator).name.split(' ')[0]);
    const activity = ACTIVITIES[i % ACTIVITIES.length] as string;
    const title =
      names.length === 1
        ? activity
        : names.length === 2
          ? `${activity} (ft. ${names[1]})`
          : `${activity} w/ ${names.slice(1).join(', ')}`;
    const day = new Date(Date.UTC(2022, 0, 3) + i * 11 * 86_400_000).toISOString().slice(0, 10);
    return { title, url: `https://www.youtube.com/watch?v=${id}`, date: day, authors };
  });
  return { creators, videos };
}
