/**
 * Fictional channels, videos and Instagram profiles served by the fake YouTube (fake-youtube.ts).
 * Every person and channel here is made up. The main channel's 60 videos exercise every collaborator
 * detection pattern of docs/product.md §9 (title: 'w/', 'with', '(feat.', 'ft.', @mentions; description:
 * 'Guests:' / 'Featuring' / 'Cast' / 'Starring' / 'Performed by' sections, 'Name | link',
 * 'Name : @handle') and every filter of docs/product.md §5 (hosts, 'www.', UC ids, long uppercase ids, digits,
 * one-character names, generic words, the main creator's own name, over-long names, short handles).
 */

import { MULTI_POV_SET } from '../../../test-support/multi-pov-set';

export interface FakeChannel {
  id: string;
  title: string;
  /** Without '@'; may hold non-ASCII letters (the oEmbed author_url then percent-encodes it). */
  handle: string;
  /** Legacy /user/<name>, when the channel has one. */
  username?: string;
  description: string;
  publishedAt: string;
  uploadsPlaylistId: string;
}

export interface FakeVideo {
  id: string;
  channelId: string;
  title: string;
  description: string;
  /** ISO time, as videos.list gives it. */
  publishedAt: string;
  /** Private videos answer nothing in videos.list and 401 in oEmbed. */
  privacy?: 'public' | 'private';
}

export interface FakePlaylistEntry {
  videoId: string;
  /** When the item was added to the playlist (snippet.publishedAt), not the video's date. */
  addedAt: string;
  /** Items YouTube shows as 'Deleted video' / 'Private video', with no owner fields. */
  gone?: 'deleted' | 'private';
}

export interface FakePlaylist {
  id: string;
  /** The playlist owner (snippet.channelId / channelTitle of every item). */
  ownerChannelId: string;
  title: string;
  entries: FakePlaylistEntry[];
}

export interface FakeInstagramUser {
  username: string;
  fullName: string;
}

export interface FakeYouTubeData {
  channels: FakeChannel[];
  videos: FakeVideo[];
  playlists: FakePlaylist[];
  instagram: FakeInstagramUser[];
}

/** 'UC' + 22 characters, like a real channel id. */
function channelId(seed: string): string {
  return `UC${seed
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(22, '0')
    .slice(0, 22)}`;
}

/** 11 characters from [A-Za-z0-9_-], like a real video id. */
function videoId(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(11 - prefix.length, '0')}`;
}

function uploadsOf(id: string): string {
  return `UU${id.slice(2)}`;
}

function isoDay(start: string, plusDays: number, hour = 15): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  d.setUTCHours(hour, 30, 0, 0);
  return d.toISOString().replace('.000Z', 'Z');
}

export const MAIN_CHANNEL_ID = channelId('jun1perLaneFakeChan001');
export const MAIN_CHANNEL_NAME = 'Juniper Lane';
export const MAIN_CHANNEL_HANDLE = 'juniperlane';

const otto = channelId('ott0BrambleworthChan01');
const priya = channelId('pr1yaCastellanChan0001');
const asa = channelId('asaL1ndqvardChan000001');
const milo = channelId('m1loFenwickChan0000001');
const bench = channelId('benchChannelFake000001');

/** A channel's uploads: title, description. Index i is published i weeks after 2024-01-05. */
type Upload = [title: string, description?: string];

const GENERIC_OUTRO = 'Thanks for watching! New videos every Friday.';

/**
 * The 60 uploads of Juniper Lane. The comment on each line says what it exercises; EXPECTED below
 * lists what a correct import ends with.
 */
const JUNIPER_UPLOADS: Upload[] = [
  ['Baking sourdough w/ OttoBrambleworth'], // 'w/'; the same person without the space: matches, not re-created
  ['Camping in the rain with Priya Castellan'], // 'with'
  ['Lullaby for the garden (feat. Wren Halvorsen)'], // '(feat.'
  ['Harvest song ft. Dario Quill'], // 'ft.'
  ['Pancake race against @milofenwick'], // @mention of a real (fake) channel
  ['Dinner party', 'Guests:\nRosa Delacroix\nTheo Marchetti\n\n' + GENERIC_OUTRO], // 'Guests:' section
  ['Jam session', 'Featuring: Hana Okafor\n\n' + GENERIC_OUTRO], // 'Featuring' on the same line
  ['Short film: The Lighthouse', 'Cast:\n- Ilse Varga\n- Bram Kowalczyk\n\n' + GENERIC_OUTRO], // 'Cast' bullets
  ['Picnic by the lake', 'Collaborators:\nSunny Abernathy | https://www.instagram.com/sunnyabernathy/\n'], // 'Name | link'
  ['Morning routine swap', 'Appearances:\nFenna Rask : @fennarask\n'], // 'Name : @handle'
  ['Theatre night', 'Starring: Lucia Brightwater\n\n' + GENERIC_OUTRO], // 'Starring'
  ['Open mic', 'Performed by:\nKenji Farrow\n\n' + GENERIC_OUTRO], // 'Performed by'
  ['Fika in Stockholm w/ Åsa Lindqvård'], // non-ASCII name, matches the channel with a percent-encoded handle
  ['Second bake-off w/ Otto Brambleworth'], // 'w/' (imported first: uploads are listed newest first)
  ['Tent repair with Priya Castellan'], // repeat collaborator
  ['Weekly vlog #14'],
  ['Live w/ youtube.com'], // FILTER: a platform host
  ['Shop update with www.juniperlane.example'], // FILTER: 'www.'
  ['Channel swap ft. UCx9Qm3Lp0Zr7Tn2Wv5Yb8Kd'], // FILTER: a UC channel id
  ['Mystery guest (feat. QWERTYUIOPASDF12)'], // FILTER: a long uppercase id
  ['Countdown w/ 20241231'], // FILTER: all digits
  ['Alphabet soup ft. X'], // FILTER: one character
  ['Taste test w/ Review'], // FILTER: generic word (not suggested as a new creator)
  ['Behind the scenes (feat. Episode)'], // FILTER: generic word
  ['Spicy noodles w/ Challenge'], // FILTER: generic word
  ['Q&A with Juniper Lane'], // FILTER: the main creator's own name
  ['Diary (feat. Juniper)'], // FILTER: contained in the main creator's name
  ['Throwback ft. Juniper Lane Vlogs'], // FILTER: contains the main creator's name
  ['Long story w/ Bartholomew Maximilian Fitzgerald-Worthington the Third of Elmshire'], // FILTER: over 50 characters
  ['Shout-outs to @ab and @instagram'], // FILTER: handle under 3 characters, host word handle
  ['Quick chat w/ Jo'], // FILTER: two characters, not suggested as a new creator
  [
    'Credits roll',
    'Guests:\nUCx9Qm3Lp0Zr7Tn2Wv5Yb8Kd\nQWERTYUIOPASDF12\n20241231\nwww.juniperlane.example\nJuniper Lane\n\n' +
      GENERIC_OUTRO,
  ], // FILTER: every id-like name inside a section
  ['Weekly vlog #15'],
  ['Garden tour', 'Just me and the tomatoes today.'],
  ['Weekly vlog #16'],
  ['Winter market', GENERIC_OUTRO],
  ['Reading pile', 'Books mentioned: see the pinned comment.'],
  ['Weekly vlog #17'],
  ['Bike maintenance', GENERIC_OUTRO],
  ['Weekly vlog #18'],
  ['Knitting marathon', GENERIC_OUTRO],
  ['Weekly vlog #19'],
  ['Pottery wheel', GENERIC_OUTRO],
  ['Weekly vlog #20'],
  ['Snow day', GENERIC_OUTRO],
  ['Weekly vlog #21'],
  ['Rainy café', GENERIC_OUTRO],
  ['Weekly vlog #22'],
  ['Moving house', GENERIC_OUTRO],
  ['Weekly vlog #23'],
  ['Plant swap', GENERIC_OUTRO],
  ['Weekly vlog #24'],
  ['Studio tour', GENERIC_OUTRO],
  ['Weekly vlog #25'],
  ['Thrift haul', GENERIC_OUTRO],
  ['Weekly vlog #26'],
  ['Year in review', GENERIC_OUTRO],
  ['Weekly vlog #27'],
  ['Sunrise hike', GENERIC_OUTRO],
  ['Thank you for 10k', GENERIC_OUTRO],
];

/**
 * What a correct import of the main channel ends with (docs/product.md §5, §9). `name` is what the creator is
 * called; for an @mention the detected name is the handle, so `handle` is given instead.
 */
export const EXPECTED = {
  mainCreator: MAIN_CHANNEL_NAME,
  videoCount: JUNIPER_UPLOADS.length,
  /** Each must exist exactly once after an import in playlist order, newest first (OttoBrambleworth matches Otto Brambleworth). */
  collaborators: [
    'Otto Brambleworth',
    'Priya Castellan',
    'Wren Halvorsen',
    'Dario Quill',
    'Rosa Delacroix',
    'Theo Marchetti',
    'Hana Okafor',
    'Ilse Varga',
    'Bram Kowalczyk',
    'Sunny Abernathy',
    'Fenna Rask',
    'Lucia Brightwater',
    'Kenji Farrow',
    'Åsa Lindqvård',
  ],
  /** @mentions: the detected name is the handle (what the review queue shows). */
  mentionHandles: ['milofenwick'],
  /** The creators accepted @mentions make: named after the handle's channel (channels.list forHandle). */
  mentionCreators: ['Milo Fenwick'],
  /** Never a creator after the import, whatever the case. */
  filteredNames: [
    'youtube.com',
    'www.juniperlane.example',
    'UCx9Qm3Lp0Zr7Tn2Wv5Yb8Kd',
    'QWERTYUIOPASDF12',
    '20241231',
    'X',
    'Review',
    'Episode',
    'Challenge',
    'Juniper',
    'Juniper Lane Vlogs',
    'Bartholomew Maximilian Fitzgerald-Worthington the Third of Elmshire',
    'ab',
    'instagram',
    'Jo',
    'OttoBrambleworth',
  ],
  /** Video titles (index into the uploads) with the collaborators each should carry after the main creator. */
  authorsByTitle: {
    'Baking sourdough w/ OttoBrambleworth': ['Otto Brambleworth'],
    'Dinner party': ['Rosa Delacroix', 'Theo Marchetti'],
    'Short film: The Lighthouse': ['Ilse Varga', 'Bram Kowalczyk'],
    'Second bake-off w/ Otto Brambleworth': ['Otto Brambleworth'],
    'Weekly vlog #14': [],
    'Credits roll': [],
  } as Record<string, string[]>,
} as const;

const OTTO_UPLOADS: Upload[] = [
  ['Otto bakes rye bread'],
  ['Visiting Juniper w/ Juniper Lane'],
  ['Crumb shots', GENERIC_OUTRO],
];

const PRIYA_UPLOADS: Upload[] = [['Priya goes climbing'], ['Rope knots 101', GENERIC_OUTRO]];

const ASA_UPLOADS: Upload[] = [['Kanelbullar w/ Juniper Lane']];

const MILO_UPLOADS: Upload[] = [['Milo tries sourdough'], ['Pancakes again ft. Juniper Lane']];

/** The bench roster: the bench channel credits one of these per video, so the import creates a few. */
const BENCH_GUESTS = ['Avery Stone', 'Blake Rivers', 'Casey Moor', 'Devon Hale', 'Emery Fields'];

function uploads(prefix: string, chId: string, list: Upload[], start: string): FakeVideo[] {
  return list.map(([title, description = ''], i) => ({
    id: videoId(prefix, i + 1),
    channelId: chId,
    title,
    description,
    publishedAt: isoDay(start, i * 7),
  }));
}

/** A bench channel with `count` videos (the bulk-import benchmark and the 500 cap). */
function benchUploads(count: number): FakeVideo[] {
  return Array.from({ length: count }, (_, i) => ({
    id: videoId('BNv', i + 1),
    channelId: bench,
    title: `Bench episode ${i + 1} w/ ${BENCH_GUESTS[i % BENCH_GUESTS.length]}`,
    description: GENERIC_OUTRO,
    publishedAt: isoDay('2020-01-01', i),
  }));
}

function playlistOf(id: string, owner: string, title: string, videos: FakeVideo[]): FakePlaylist {
  // Uploads playlists list the newest first, as YouTube does.
  return {
    id,
    ownerChannelId: owner,
    title,
    entries: [...videos].reverse().map((v) => ({ videoId: v.id, addedAt: v.publishedAt })),
  };
}

export const CURATED_PLAYLIST_ID = 'PLfakeJuniperFavourites0001';
export const BENCH_CHANNEL_HANDLE = 'benchchannel';
export const PERCENT_ENCODED_HANDLE = 'ÅsaLindqvård';
export const PRIVATE_VIDEO_ID = 'PRVvideo001';
export const UNKNOWN_VIDEO_ID = 'NoSuchVid01';

export interface FakeDataOptions {
  /** Videos on the bench channel (default 520, past the 500 import cap). */
  benchVideos?: number;
  /**
   * Also serve the labelled multi-POV set (test-support/multi-pov-set.ts): its creators' channels (the
   * fixture's own Juniper Lane and Otto Brambleworth for those two) and every upload, with its time.
   */
  multiPov?: boolean;
}

/** The channel id of a multi-POV creator (by the set's creator id). */
export function multiPovChannelId(creatorId: number): string {
  const creator = MULTI_POV_SET.creators.find((c) => c.id === creatorId)!;
  if (creator.handle === MAIN_CHANNEL_HANDLE) return MAIN_CHANNEL_ID;
  if (creator.handle === 'ottobrambleworth') return otto;
  return channelId(`mpov${creator.handle}`);
}

/** The set's channels and uploads, on top of the main fixture. */
function addMultiPov(channels: FakeChannel[], videos: FakeVideo[], playlists: FakePlaylist[]): void {
  for (const creator of MULTI_POV_SET.creators) {
    const id = multiPovChannelId(creator.id);
    const uploads = MULTI_POV_SET.uploads
      .filter((u) => u.channelId === creator.id)
      .map((u) => ({
        id: u.key,
        channelId: id,
        title: u.title,
        description: u.description,
        publishedAt: u.publishedAt,
      }));
    videos.push(...uploads);
    if (channels.some((c) => c.id === id)) continue;
    channels.push({
      id,
      title: creator.name,
      handle: creator.handle,
      description: 'A fictional channel of the multi-POV set.',
      publishedAt: '2020-01-01T10:00:00Z',
      uploadsPlaylistId: uploadsOf(id),
    });
    playlists.push(playlistOf(uploadsOf(id), id, `Uploads from ${creator.name}`, uploads));
  }
}

/** A fresh, mutable copy of the fictional world. */
export function createFakeYouTubeData(opts: FakeDataOptions = {}): FakeYouTubeData {
  const juniperVideos = uploads('JLv', MAIN_CHANNEL_ID, JUNIPER_UPLOADS, '2024-01-05');
  const ottoVideos = uploads('OBv', otto, OTTO_UPLOADS, '2023-06-01');
  const priyaVideos = uploads('PCv', priya, PRIYA_UPLOADS, '2023-07-01');
  const asaVideos = uploads('ALv', asa, ASA_UPLOADS, '2024-03-01');
  const miloVideos = uploads('MFv', milo, MILO_UPLOADS, '2024-02-01');
  const benchVideos = benchUploads(opts.benchVideos ?? 520);
  const privateVideo: FakeVideo = {
    id: PRIVATE_VIDEO_ID,
    channelId: MAIN_CHANNEL_ID,
    title: 'Unlisted draft w/ Otto Brambleworth',
    description: '',
    publishedAt: isoDay('2024-05-01', 0),
    privacy: 'private',
  };

  const channels: FakeChannel[] = [
    {
      id: MAIN_CHANNEL_ID,
      title: MAIN_CHANNEL_NAME,
      handle: MAIN_CHANNEL_HANDLE,
      username: 'JuniperLaneVideos',
      description: 'Slow living, baking and friends. A fictional channel for tests.',
      publishedAt: '2019-03-02T10:00:00Z',
      uploadsPlaylistId: uploadsOf(MAIN_CHANNEL_ID),
    },
    {
      id: otto,
      title: 'Otto Brambleworth',
      handle: 'ottobrambleworth',
      description: 'Bread, mostly.',
      publishedAt: '2018-01-01T10:00:00Z',
      uploadsPlaylistId: uploadsOf(otto),
    },
    {
      id: priya,
      title: 'Priya Castellan',
      handle: 'priyacastellan',
      description: 'Outdoors.',
      publishedAt: '2018-02-01T10:00:00Z',
      uploadsPlaylistId: uploadsOf(priya),
    },
    {
      id: asa,
      title: 'Åsa Lindqvård',
      handle: PERCENT_ENCODED_HANDLE,
      description: 'Fika och film.',
      publishedAt: '2020-02-01T10:00:00Z',
      uploadsPlaylistId: uploadsOf(asa),
    },
    {
      id: milo,
      title: 'Milo Fenwick',
      handle: 'milofenwick',
      description: 'Pancakes.',
      publishedAt: '2021-02-01T10:00:00Z',
      uploadsPlaylistId: uploadsOf(milo),
    },
    {
      id: bench,
      title: 'Bench Channel',
      handle: BENCH_CHANNEL_HANDLE,
      description: 'Hundreds of videos for the import benchmark.',
      publishedAt: '2019-01-01T10:00:00Z',
      uploadsPlaylistId: uploadsOf(bench),
    },
  ];

  const playlists: FakePlaylist[] = [
    playlistOf(uploadsOf(MAIN_CHANNEL_ID), MAIN_CHANNEL_ID, 'Uploads from Juniper Lane', juniperVideos),
    playlistOf(uploadsOf(otto), otto, 'Uploads from Otto Brambleworth', ottoVideos),
    playlistOf(uploadsOf(priya), priya, 'Uploads from Priya Castellan', priyaVideos),
    playlistOf(uploadsOf(asa), asa, 'Uploads from Åsa Lindqvård', asaVideos),
    playlistOf(uploadsOf(milo), milo, 'Uploads from Milo Fenwick', miloVideos),
    playlistOf(uploadsOf(bench), bench, 'Uploads from Bench Channel', benchVideos),
    {
      // Owned by Otto, holding other uploaders' videos, a deleted and a private item.
      id: CURATED_PLAYLIST_ID,
      ownerChannelId: otto,
      title: 'Favourite collabs',
      entries: [
        { videoId: juniperVideos[0]!.id, addedAt: '2025-01-10T08:00:00Z' },
        { videoId: 'vDeleted001', addedAt: '2025-01-10T08:01:00Z', gone: 'deleted' },
        { videoId: asaVideos[0]!.id, addedAt: '2025-01-10T08:02:00Z' },
        { videoId: PRIVATE_VIDEO_ID, addedAt: '2025-01-10T08:03:00Z', gone: 'private' },
        { videoId: ottoVideos[1]!.id, addedAt: '2025-01-10T08:04:00Z' },
      ],
    },
  ];

  const videos = [
    ...juniperVideos,
    ...ottoVideos,
    ...priyaVideos,
    ...asaVideos,
    ...miloVideos,
    ...benchVideos,
    privateVideo,
  ];
  if (opts.multiPov) addMultiPov(channels, videos, playlists);
  return {
    channels,
    videos,
    playlists,
    instagram: [
      { username: 'wrenhalvorsen', fullName: 'Wren Halvorsen' },
      { username: 'sunnyabernathy', fullName: 'Sunny Abernathy' },
      { username: 'juniperlane', fullName: 'Juniper Lane' },
    ],
  };
}
