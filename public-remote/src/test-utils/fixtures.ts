/** Fictional creators, videos and profiles in the API's shapes. */
import type { CreatorListItem, CreatorProfile, Leaderboard } from '@friends/shared';

export function creator(id: number, name: string, extra: Partial<CreatorListItem> = {}): CreatorListItem {
  return {
    id,
    name,
    channel: '',
    photo: `/api/avatar?name=${encodeURIComponent(name)}`,
    socialLinks: [],
    videoCount: 0,
    collabCount: 0,
    aliases: [],
    otherNames: [],
    ...extra,
  };
}

export const CREATORS: CreatorListItem[] = [
  creator(1, 'Ada Lumen', {
    channel: 'https://www.youtube.com/@adalumen',
    socialLinks: [{ platform: 'YouTube', url: 'https://www.youtube.com/@adalumen' }],
    videoCount: 5,
    collabCount: 4,
  }),
  creator(2, 'Bram Koster', {
    channel: 'https://www.youtube.com/@brambuilds',
    socialLinks: [{ platform: 'YouTube', url: 'https://www.youtube.com/@brambuilds' }],
    videoCount: 3,
    collabCount: 3,
    aliases: ['Bramwell Workshop'],
  }),
  creator(3, 'Cleo Hart', {
    channel: 'javascript:alert(1)',
    socialLinks: [{ platform: 'Other', url: 'javascript:alert(1)' }],
    videoCount: 1,
    collabCount: 0,
  }),
  creator(4, 'Dario Vance', { videoCount: 1, collabCount: 1 }),
];

export const LEADERBOARD: Leaderboard = {
  mostCollaborations: [
    { id: 1, name: 'Ada Lumen', photo: '', count: 4 },
    { id: 2, name: 'Bram Koster', photo: '', count: 3 },
    { id: 4, name: 'Dario Vance', photo: '', count: 2 },
    { id: 5, name: 'Esme Quill', photo: '', count: 1 },
  ],
  mostCollaborators: [
    { id: 1, name: 'Ada Lumen', photo: '', count: 3 },
    { id: 2, name: 'Bram Koster', photo: '', count: 2 },
  ],
};

export const PROFILE: CreatorProfile = {
  creator: {
    id: 1,
    name: 'Ada Lumen',
    channel: 'https://www.youtube.com/@adalumen',
    photo: '',
    socialLinks: [
      { platform: 'YouTube', url: 'https://www.youtube.com/@adalumen' },
      { platform: 'Instagram', url: 'https://instagram.com/adalumen' },
      { platform: 'Other', url: 'javascript:alert(1)' },
    ],
    otherNames: [{ name: 'エイダ・ルーメン', lang: 'ja' }],
  },
  stats: { totalVideos: 3, soloVideos: 1, collaborations: 2, collaborators: 4 },
  frequentCollaborators: [
    { id: 2, name: 'Bram Koster', photo: '', count: 2 },
    { id: 4, name: 'Dario Vance', photo: '', count: 1 },
  ],
  videos: [
    {
      id: 30,
      title: 'Rooftop Cooking Duel',
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      date: '2024-06-01',
      authorIds: [1, 2],
      authors: [
        { id: 1, name: 'Ada Lumen', role: 'host', creditedAs: null },
        { id: 2, name: 'Bram Koster', role: 'guest', creditedAs: null },
      ],
      eventId: null,
      crew: [],
    },
    {
      id: 20,
      title: 'Workshop Tour',
      url: 'javascript:alert(2)',
      date: '2024-03-15',
      authorIds: [1, 2, 4],
      authors: [
        { id: 1, name: 'Ada Lumen', role: 'host', creditedAs: null },
        { id: 2, name: 'Bram Koster', role: 'guest', creditedAs: null },
        { id: 4, name: 'Dario Vance', role: 'guest', creditedAs: null },
      ],
      eventId: null,
      crew: [],
    },
    {
      id: 10,
      title: 'Morning Sketches',
      url: 'https://youtu.be/bbbbbbbbbbb',
      date: '2023-11-02',
      authorIds: [1],
      authors: [{ id: 1, name: 'Ada Lumen', role: 'host', creditedAs: null }],
      eventId: null,
      crew: [],
    },
  ],
  videosTotal: 3,
  collaborationEvents: 2,
  memberships: [{ groupId: 7, groupName: 'Aurora Live', from: '2021-04-01', to: null }],
};
