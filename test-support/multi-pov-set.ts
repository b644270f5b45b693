/**
 * A labelled set of fictional multi-POV uploads: collaborations uploaded by several of their channels,
 * the way fan communities see them ("my POV", "ft.", "w/", links to each other's uploads), plus near
 * misses that must stay apart: unrelated uploads the same day, the same pair two weeks later linking
 * their earlier collab, one-sided credits, a link to someone else's tutorial. Written from what such
 * uploads look like, not from the grouping code; event-report.ts scores the import's rules against it.
 */

export interface MultiPovCreator {
  id: number;
  name: string;
  handle: string;
}

export interface MultiPovUpload {
  /** The YouTube video id (11 characters). */
  key: string;
  /** The uploader's creator id. */
  channelId: number;
  title: string;
  description: string;
  publishedAt: string;
  /** The labelled event: uploads with the same label are one collaboration; null = its own. */
  event: string | null;
}

export interface MultiPovSet {
  creators: MultiPovCreator[];
  uploads: MultiPovUpload[];
}

const creators: MultiPovCreator[] = [
  { id: 1, name: 'Juniper Lane', handle: 'juniperlane' },
  { id: 2, name: 'Rosa Delacroix', handle: 'rosadelacroix' },
  { id: 3, name: 'Theo Marchetti', handle: 'theomarchetti' },
  { id: 4, name: 'Mirela Quince', handle: 'mirelaquince' },
  { id: 5, name: 'Otto Brambleworth', handle: 'ottobrambleworth' },
  { id: 6, name: 'Kestrel Vance', handle: 'kestrelvance' },
  { id: 7, name: 'Pippa Okonkwo', handle: 'pippaokonkwo' },
  { id: 8, name: 'Dario Fennimore', handle: 'dariofennimore' },
  { id: 9, name: 'Hana Sorensen', handle: 'hanasorensen' },
  { id: 10, name: 'Lucan Ashby', handle: 'lucanashby' },
  { id: 11, name: 'Marisol Teague', handle: 'marisolteague' },
  { id: 12, name: 'Bram Whitlock', handle: 'bramwhitlock' },
];

const watch = (key: string) => `https://www.youtube.com/watch?v=${key}`;
const short = (key: string) => `https://youtu.be/${key}`;

const uploads: MultiPovUpload[] = [
  // 1. A three-way cook-off: every upload links the others.
  {
    key: 'cookoffJun1',
    channelId: 1,
    title: '3 Chef Cook-Off Challenge (my POV) ft. Rosa Delacroix & Theo Marchetti',
    description: `We each had 60 minutes and one mystery box.\n\nRosa's POV: ${short('cookoffRos1')}\nTheo's POV: ${watch('cookoffThe1')}\n\nEdited by Sam Hollis`,
    publishedAt: '2026-03-14T17:00:00Z',
    event: 'cook-off',
  },
  {
    key: 'cookoffRos1',
    channelId: 2,
    title: 'I had ONE HOUR to beat two chefs w/ Juniper Lane, Theo Marchetti',
    description: `Juniper's side: ${short('cookoffJun1')}\nTheo's side: ${short('cookoffThe1')}\nThumbnail by Ivy Park`,
    publishedAt: '2026-03-14T17:05:00Z',
    event: 'cook-off',
  },
  {
    key: 'cookoffThe1',
    channelId: 3,
    title: 'Cook-off but I cannot cook',
    description: `Cooking against @juniperlane and @rosadelacroix today.\nJuniper's POV: ${short('cookoffJun1')}`,
    publishedAt: '2026-03-15T09:30:00Z',
    event: 'cook-off',
  },
  // 2. A duo podcast uploaded on both channels, each linking the other (one via a bare watch URL).
  {
    key: 'podcastMir1',
    channelId: 4,
    title: 'Quince & Brambleworth Podcast #12 - the big move',
    description: `With Otto Brambleworth.\nAlso on Otto's channel: ${watch('podcastOtt1')}`,
    publishedAt: '2026-04-02T12:00:00Z',
    event: 'podcast-12',
  },
  {
    key: 'podcastOtt1',
    channelId: 5,
    title: 'Podcast #12 (video version) feat. Mirela Quince',
    description: `Mirela uploaded the full episode here ${short('podcastMir1')}.`,
    publishedAt: '2026-04-02T12:10:00Z',
    event: 'podcast-12',
  },
  {
    key: 'podcastClp1',
    channelId: 5,
    title: 'Best moments of Podcast #12 w/ Mirela Quince',
    description: `Clips from ${short('podcastMir1')}`,
    publishedAt: '2026-04-03T18:00:00Z',
    event: 'podcast-12',
  },
  // 3. A gaming night of four: links form a chain (A→B, B→C, C→D).
  {
    key: 'raidKes0001',
    channelId: 6,
    title: 'Four of us vs the final raid boss (Kestrel POV) w/ Pippa Okonkwo',
    description: `Pippa's stream VOD: ${watch('raidPip0001')}\nAlso playing: Dario Fennimore, Hana Sorensen`,
    publishedAt: '2026-05-20T20:00:00Z',
    event: 'raid-night',
  },
  {
    key: 'raidPip0001',
    channelId: 7,
    title: 'RAID NIGHT with Kestrel Vance, Dario Fennimore and Hana Sorensen',
    description: `Dario's POV: ${short('raidDar0001')}`,
    publishedAt: '2026-05-20T20:30:00Z',
    event: 'raid-night',
  },
  {
    key: 'raidDar0001',
    channelId: 8,
    title: 'We finally beat it!! ft. Pippa Okonkwo',
    description: `Hana's POV: ${short('raidHan0001')}\nPlaying with @kestrelvance @pippaokonkwo @hanasorensen`,
    publishedAt: '2026-05-21T01:00:00Z',
    event: 'raid-night',
  },
  {
    key: 'raidHan0001',
    channelId: 9,
    title: 'healer main suffers for 3 hours (raid w/ Dario Fennimore)',
    description: 'Thanks @kestrelvance for carrying',
    publishedAt: '2026-05-21T02:00:00Z',
    event: 'raid-night',
  },
  // 4. A song collab: the singer's upload and the producer's, mutual credits within a day, no links.
  {
    key: 'songLuc0001',
    channelId: 10,
    title: 'Paper Lanterns (feat. Marisol Teague) - Official Audio',
    description: 'Vocals: Marisol Teague\nMix and master by Juno Reyes',
    publishedAt: '2026-06-05T15:00:00Z',
    event: 'paper-lanterns',
  },
  {
    key: 'songMar0001',
    channelId: 11,
    title: 'Paper Lanterns - Marisol Teague x Lucan Ashby',
    description: 'Produced with @lucanashby',
    publishedAt: '2026-06-05T16:00:00Z',
    event: 'paper-lanterns',
  },
  {
    key: 'songBts0001',
    channelId: 10,
    title: 'Making of Paper Lanterns w/ Marisol Teague',
    description: `Listen here: ${short('songLuc0001')}`,
    publishedAt: '2026-06-06T10:00:00Z',
    event: 'paper-lanterns',
  },
  // 5. A challenge video uploaded by both, linked from one side only.
  {
    key: 'hikeBra0001',
    channelId: 12,
    title: '24 hours in the mountains with Juniper Lane',
    description: `Juniper filmed her side too: ${short('hikeJun0001')}`,
    publishedAt: '2026-07-11T08:00:00Z',
    event: 'mountains',
  },
  {
    key: 'hikeJun0001',
    channelId: 1,
    title: 'I survived 24 hours outside (ft. Bram Whitlock)',
    description: 'Gear list below\nThumbnail: Ivy Park',
    publishedAt: '2026-07-11T09:00:00Z',
    event: 'mountains',
  },
  {
    key: 'hikeVlg0001',
    channelId: 12,
    title: 'Mountain vlog part 2 w/ Juniper Lane',
    description: `Part 1: ${watch('hikeBra0001')}`,
    publishedAt: '2026-07-12T19:00:00Z',
    event: 'mountains',
  },
  // 6. A reaction stream on three channels: credits sections with handles, links both ways.
  {
    key: 'reactRos001',
    channelId: 2,
    title: 'Reacting to your worst recipes (3 POVs)',
    description: `Guests:\nOtto Brambleworth : @ottobrambleworth\nMirela Quince : @mirelaquince\n\nOtto's POV ${short('reactOtt001')}\nMirela's POV ${short('reactMir001')}`,
    publishedAt: '2026-08-01T19:00:00Z',
    event: 'worst-recipes',
  },
  {
    key: 'reactOtt001',
    channelId: 5,
    title: 'Your worst recipes, judged (w/ Rosa Delacroix & Mirela Quince)',
    description: `Rosa's side: ${short('reactRos001')}`,
    publishedAt: '2026-08-01T19:02:00Z',
    event: 'worst-recipes',
  },
  {
    key: 'reactMir001',
    channelId: 4,
    title: 'judging recipes with Rosa Delacroix and Otto Brambleworth',
    description: `Rosa's side: ${short('reactRos001')}`,
    publishedAt: '2026-08-01T19:03:00Z',
    event: 'worst-recipes',
  },
  // 7. A build battle: mutual credits only, published the same evening (a weak grouping).
  {
    key: 'buildKes001',
    channelId: 6,
    title: 'Build battle w/ Lucan Ashby (he cheated)',
    description: 'Lucan thinks he won. He did not.',
    publishedAt: '2026-08-20T18:00:00Z',
    event: 'build-battle',
  },
  {
    key: 'buildLuc001',
    channelId: 10,
    title: 'Build Battle ft. Kestrel Vance',
    description: 'Rematch soon.',
    publishedAt: '2026-08-20T21:00:00Z',
    event: 'build-battle',
  },
  {
    key: 'buildHig001',
    channelId: 10,
    title: 'Build battle highlights w/ Kestrel Vance',
    description: `Full video: ${watch('buildLuc001')}`,
    publishedAt: '2026-08-22T12:00:00Z',
    event: 'build-battle',
  },
  // 8. A charity stream across three channels linked through a credits section.
  {
    key: 'charPip0001',
    channelId: 7,
    title: 'Charity stream for the animal shelter',
    description: `Featuring:\nHana Sorensen | https://www.youtube.com/@hanasorensen\nBram Whitlock | https://www.youtube.com/@bramwhitlock\n\nHana's VOD: ${short('charHan0001')}\nBram's VOD: ${short('charBra0001')}`,
    publishedAt: '2026-09-09T16:00:00Z',
    event: 'charity',
  },
  {
    key: 'charHan0001',
    channelId: 9,
    title: 'charity stream w/ Pippa Okonkwo & Bram Whitlock',
    description: `Pippa's VOD: ${short('charPip0001')}`,
    publishedAt: '2026-09-09T16:05:00Z',
    event: 'charity',
  },
  {
    key: 'charBra0001',
    channelId: 12,
    title: 'We raised so much for the shelter (ft. Pippa Okonkwo, Hana Sorensen)',
    description: `Pippa's VOD: ${short('charPip0001')}`,
    publishedAt: '2026-09-09T16:10:00Z',
    event: 'charity',
  },
  // 9. A duet cover: links both ways, one upload is a Short a day later.
  {
    key: 'duetDar0001',
    channelId: 8,
    title: 'Moonlight Harbor (duet cover) ft. Marisol Teague',
    description: `Marisol's upload: ${watch('duetMar0001')}`,
    publishedAt: '2026-10-03T14:00:00Z',
    event: 'duet',
  },
  {
    key: 'duetMar0001',
    channelId: 11,
    title: 'Moonlight Harbor - duet with Dario Fennimore',
    description: `Dario's upload: ${short('duetDar0001')}`,
    publishedAt: '2026-10-03T14:01:00Z',
    event: 'duet',
  },
  {
    key: 'duetSho0001',
    channelId: 11,
    title: 'the high note w/ Dario Fennimore #shorts',
    description: `from ${short('duetMar0001')}`,
    publishedAt: '2026-10-04T14:00:00Z',
    event: 'duet',
  },
  // 10. A trivia night of four hosted on one channel, the guests' uploads linking back.
  {
    key: 'quizThe0001',
    channelId: 3,
    title: 'Trivia night w/ Kestrel Vance, Lucan Ashby & Rosa Delacroix',
    description: 'Who knows the most useless facts?',
    publishedAt: '2026-10-18T20:00:00Z',
    event: 'trivia',
  },
  {
    key: 'quizKes0001',
    channelId: 6,
    title: 'I lost trivia night again (ft. Theo Marchetti)',
    description: `Theo's full video: ${short('quizThe0001')}`,
    publishedAt: '2026-10-18T22:00:00Z',
    event: 'trivia',
  },
  {
    key: 'quizLuc0001',
    channelId: 10,
    title: 'trivia night POV w/ Theo Marchetti',
    description: `Main video ${watch('quizThe0001')}`,
    publishedAt: '2026-10-19T11:00:00Z',
    event: 'trivia',
  },
  {
    key: 'quizRos0001',
    channelId: 2,
    title: 'My trivia night POV with Theo Marchetti',
    description: `Theo's video: ${short('quizThe0001')}`,
    publishedAt: '2026-10-19T12:00:00Z',
    event: 'trivia',
  },
  // Near misses: each its own.
  // The same pair two weeks after the cook-off, linking their earlier collab.
  {
    key: 'missJunRos1',
    channelId: 1,
    title: 'Round two: baking battle ft. Rosa Delacroix',
    description: `Our first cook-off: ${short('cookoffJun1')}`,
    publishedAt: '2026-03-28T17:00:00Z',
    event: null,
  },
  // Unrelated uploads the same day as the duet, by channels of that duet, crediting others.
  {
    key: 'missDarSol1',
    channelId: 8,
    title: 'Speedrun practice with Hana Sorensen',
    description: 'Route notes in the pinned comment',
    publishedAt: '2026-10-03T20:00:00Z',
    event: null,
  },
  {
    key: 'missMarSol1',
    channelId: 11,
    title: 'Vocal warmups ft. Pippa Okonkwo',
    description: 'Try these before you sing',
    publishedAt: '2026-10-03T21:00:00Z',
    event: null,
  },
  // One-sided credit within a day: Otto credits Mirela, Mirela's upload credits nobody.
  {
    key: 'missOttOne1',
    channelId: 5,
    title: 'Garden tour w/ Mirela Quince',
    description: 'Spring is here',
    publishedAt: '2026-04-20T10:00:00Z',
    event: null,
  },
  {
    key: 'missMirOne1',
    channelId: 4,
    title: 'Repotting everything I own',
    description: 'No guests today, just plants',
    publishedAt: '2026-04-20T15:00:00Z',
    event: null,
  },
  // A link to someone else's tutorial, sharing no author.
  {
    key: 'missBraTut1',
    channelId: 12,
    title: 'How I pack for a hike',
    description: `I learned this from ${short('raidHan0001')} (not really, it is a raid video)`,
    publishedAt: '2026-05-21T09:00:00Z',
    event: null,
  },
  // The same trio as the raid a month later, mutual credits a week apart.
  {
    key: 'missKesPip1',
    channelId: 6,
    title: 'Raid rematch w/ Pippa Okonkwo',
    description: 'One month later...',
    publishedAt: '2026-06-20T20:00:00Z',
    event: null,
  },
  {
    key: 'missPipKes1',
    channelId: 7,
    title: 'Rematch with Kestrel Vance (different raid)',
    description: 'Not the same night',
    publishedAt: '2026-06-27T20:00:00Z',
    event: null,
  },
];

export const MULTI_POV_SET: MultiPovSet = { creators, uploads };
