/**
 * Fictional demo data (SEED_DEMO): 30 creators and about 90 videos with the structure real data has: a
 * few hubs who collaborate with many, recurring pairs, group videos, solo-only creators and two
 * newcomers who made their first videos this week; links on several platforms. Every name, handle and
 * video id is made up. The dates are relative to `today` (the day the database is created): two years
 * of videos up to this week, with collaborations in this week, the week before, and every period's two
 * windows, so the period leaderboards, their movers and new pairs show something on a fresh start. The
 * same day gives the same data (a seeded generator, no randomness).
 */
import { addDays, seededRandom, utcDay } from '@friends/shared';

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

/** Title formats × subjects: every demo video gets its own pair, so no title repeats. */
const FORMATS = [
  'We Tried {}',
  '{} for Beginners',
  '{}: Beginner vs Pro',
  'The Ultimate {} Tier List',
  '{} on a $20 Budget',
  'First Time Trying {}',
  'Can We Master {} in a Week?',
  'The {} Challenge',
  '24 Hours of {}',
  'Ranking Viewer {} Ideas',
];
const SUBJECTS = [
  'Street Food',
  'Board Games',
  'Pottery',
  'Latte Art',
  'Skateboarding',
  'Karaoke',
  'Rock Climbing',
  'Bread Baking',
  'Origami',
  'Escape Rooms',
  'Retro Consoles',
  'Camping',
  'Paper Planes',
  'Thrift Store Outfits',
  'Mini Golf',
  'Juggling',
];

/** Collaborations of the last two weeks, in days before today: the week leaderboard's two windows. */
const RECENT: { daysAgo: number; authors: number[] }[] = [
  { daysAgo: 13, authors: [0, 1] },
  { daysAgo: 11, authors: [0, 5] },
  { daysAgo: 9, authors: [2, 3, 4] },
  { daysAgo: 6, authors: [0, 1, 2] },
  { daysAgo: 5, authors: [1, 7] },
  // The newcomers' first videos: new pairs of this week.
  { daysAgo: 4, authors: [28, 29] },
  { daysAgo: 3, authors: [0, 28] },
  { daysAgo: 2, authors: [5] },
  { daysAgo: 1, authors: [2, 6] },
  { daysAgo: 1, authors: [29] },
];
/** The older videos span these days before today. */
const HISTORY_DAYS = { from: 728, to: 16 };

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The demo creators, with made-up links on several platforms. */
export function demoCreators(): DemoCreator[] {
  return NAMES.map((name, index): DemoCreator => {
    const handle = name.replace(/[^A-Za-z]/g, '');
    const links = [`https://www.youtube.com/@${handle}`];
    if (index % 3 === 0) links.push(`https://www.instagram.com/${handle.toLowerCase()}/`);
    if (index % 4 === 1) links.push(`https://x.com/${handle}`);
    if (index % 5 === 2) links.push(`https://www.tiktok.com/@${handle.toLowerCase()}`);
    if (index % 7 === 3) links.push(`https://www.twitch.tv/${handle.toLowerCase()}`);
    return { name, links };
  });
}

let demoLinks: Set<string> | null = null;
/** Whether `url` is one of the demo creators' made-up links (nothing to look up behind it). */
export function isDemoLink(url: string): boolean {
  demoLinks ??= new Set(demoCreators().flatMap((c) => c.links));
  return demoLinks.has(url);
}

/** The demo data for a database created on `today` (YYYY-MM-DD, UTC). */
export function demoData(today: string = utcDay()): { creators: DemoCreator[]; videos: DemoVideo[] } {
  const random = seededRandom(20240601);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  const creators = demoCreators();

  const hubs = [0, 1, 2];
  const pairs: [number, number][] = [
    [3, 4],
    [5, 6],
    [7, 8],
    [9, 10],
  ];
  const soloOnly = [25, 26, 27];
  // 28 and 29 are the newcomers: their first videos are in RECENT.
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
  // A regular the picks missed gets a solo video, so every demo creator has one.
  const newcomers = new Set(RECENT.flatMap((r) => r.authors));
  for (const index of regulars)
    if (!newcomers.has(index) && !authorSets.some((set) => set.includes(index))) authorSets.push([index]);

  // Older videos spread evenly (with a little jitter) over the history span, oldest first.
  const span = HISTORY_DAYS.from - HISTORY_DAYS.to;
  const dated = authorSets.map((authors, i) => {
    const even = HISTORY_DAYS.from - Math.round((i * span) / Math.max(1, authorSets.length - 1));
    const jitter = Math.floor(random() * 5) - 2;
    const daysAgo = Math.min(HISTORY_DAYS.from, Math.max(HISTORY_DAYS.to, even + jitter));
    return { daysAgo, authors };
  });
  dated.push(...RECENT);

  const titles = FORMATS.flatMap((format) => SUBJECTS.map((subject) => format.replace('{}', subject)));
  for (let i = titles.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [titles[i], titles[j]] = [titles[j] as string, titles[i] as string];
  }
  if (dated.length > titles.length) throw new Error('More demo videos than distinct titles');

  const usedIds = new Set<string>();
  const videos = dated.map(({ daysAgo, authors }, i): DemoVideo => {
    let id = '';
    while (id.length !== 11 || usedIds.has(id)) {
      id = Array.from({ length: 11 }, () => pick([...ID_ALPHABET])).join('');
    }
    usedIds.add(id);
    const names = authors.map((a) => (creators[a] as DemoCreator).name.split(' ')[0]);
    const activity = titles[i] as string;
    const title =
      names.length === 1
        ? activity
        : names.length === 2
          ? `${activity} (ft. ${names[1]})`
          : `${activity} w/ ${names.slice(1).join(', ')}`;
    return { title, url: `https://www.youtube.com/watch?v=${id}`, date: addDays(today, -daysAgo), authors };
  });
  return { creators, videos };
}
