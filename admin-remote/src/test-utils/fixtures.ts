/** Fictional creators and videos in the API's shapes. */
import {
  ANALYTICS_PAGE_SIZE,
  type Analytics,
  type CreatorAnalytics,
  type CreatorListItem,
  type Suggestion,
  type Video,
} from '@friends/shared';

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
    socialLinks: [
      { platform: 'YouTube', url: 'https://www.youtube.com/@adalumen' },
      { platform: 'Instagram', url: 'https://instagram.com/adalumen' },
    ],
    videoCount: 3,
    collabCount: 2,
  }),
  creator(2, 'Bram Koster', { videoCount: 2, collabCount: 2 }),
  creator(3, 'Cleo Hart', { videoCount: 1, collabCount: 0 }),
];

export const VIDEOS: Video[] = [
  {
    id: 10,
    title: 'Rooftop Cooking Duel',
    url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
    date: '2024-03-01',
    authorIds: [1, 2],
    authors: [
      { id: 1, name: 'Ada Lumen', role: 'host', creditedAs: null },
      { id: 2, name: 'Bram Koster', role: 'guest', creditedAs: null },
    ],
    eventId: null,
    crew: [],
  },
  {
    id: 11,
    title: 'Solo Sketching',
    url: 'https://www.youtube.com/watch?v=bbbbbbbbbbb',
    date: '',
    authorIds: [3],
    authors: [{ id: 3, name: 'Cleo Hart', role: 'host', creditedAs: null }],
    eventId: null,
    crew: [],
  },
];

export const SUGGESTIONS: Suggestion[] = [
  {
    id: 1700000000000,
    url: 'https://www.youtube.com/watch?v=ccccccccccc',
    status: 'pending',
    submittedAt: '2024-05-01T10:00:00.000Z',
  },
  {
    id: 1700000000001,
    url: 'javascript:alert(1)',
    status: 'pending',
    submittedAt: '2024-05-02T11:30:00.000Z',
  },
];

export const ANALYTICS: Analytics = {
  totalCreators: 3,
  totalVideos: 2,
  collaborations: 1,
  mostConnected: [
    { id: 1, name: 'Ada Lumen', photo: '/api/avatar?name=Ada', count: 4 },
    { id: 2, name: 'Bram Koster', photo: '/api/avatar?name=Bram', count: 1 },
  ],
  creatorsWithVideos: 3,
  offset: 0,
  limit: ANALYTICS_PAGE_SIZE,
  creators: [
    {
      id: 1,
      name: 'Ada Lumen',
      photo: '/api/avatar?name=Ada',
      stats: { totalVideos: 3, soloVideos: 1, collaborations: 2, collaborators: 4 },
    },
    {
      id: 2,
      name: 'Bram Koster',
      photo: '/api/avatar?name=Bram',
      stats: { totalVideos: 2, soloVideos: 0, collaborations: 2, collaborators: 1 },
    },
    {
      id: 3,
      name: 'Cleo Hart',
      photo: '/api/avatar?name=Cleo',
      stats: { totalVideos: 1, soloVideos: 1, collaborations: 0, collaborators: 0 },
    },
  ],
};

export const creatorStats = (id: number, name: string, collaborators: number): CreatorAnalytics => ({
  id,
  name,
  photo: '',
  stats: { totalVideos: collaborators + 1, soloVideos: 1, collaborations: collaborators, collaborators },
});
