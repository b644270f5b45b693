import type { CreatorListItem } from './types';
import { decodeCompactCreators, encodeCompactCreators } from './compact-creators';
import { defaultAvatarUrl } from './urls';

const creators: CreatorListItem[] = [
  {
    id: 1,
    name: 'Ann Bo',
    channel: 'https://www.youtube.com/@annbo',
    photo: defaultAvatarUrl('Ann Bo'),
    socialLinks: [
      { platform: 'YouTube', url: 'https://www.youtube.com/@annbo' },
      { platform: 'Instagram', url: 'https://www.instagram.com/annbo' },
    ],
    videoCount: 3,
    collabCount: 2,
    aliases: [],
  },
  {
    id: 7,
    name: 'Cé & "Dee"',
    channel: '',
    photo: 'https://img.example/dee.png',
    socialLinks: [],
    videoCount: 0,
    collabCount: 0,
    aliases: [],
  },
  {
    id: 9,
    name: 'Eve',
    channel: 'https://eve.example',
    photo: defaultAvatarUrl('Eve'),
    socialLinks: [{ platform: 'Other', url: 'https://eve.example' }],
    videoCount: 5,
    collabCount: 0,
    aliases: ['Eve Old', 'E.'],
  },
  {
    id: 10,
    name: 'Legacy',
    channel: 'https://legacy.example',
    photo: defaultAvatarUrl('Legacy'),
    socialLinks: [{ platform: '', url: 'https://legacy.example' }],
    videoCount: 1,
    collabCount: 1,
    aliases: [],
  },
];

describe('compact creators', () => {
  it('round-trips every field exactly (through JSON)', () => {
    const wire = JSON.parse(JSON.stringify(encodeCompactCreators(creators))) as ReturnType<typeof encodeCompactCreators>;
    expect(wire.total).toBe(4);
    expect(decodeCompactCreators(wire)).toEqual(creators);
  });

  it('omits the generated avatar, the derived channel and empty aliases', () => {
    const { rows } = encodeCompactCreators(creators);
    expect(rows[0]).toEqual([1, 'Ann Bo', 3, 2, [1, 'https://www.youtube.com/@annbo', 2, 'https://www.instagram.com/annbo']]);
    expect(rows[1]).toEqual([7, 'Cé & "Dee"', 0, 0, [], 'https://img.example/dee.png']);
    expect(rows[2]).toEqual([9, 'Eve', 5, 0, [7, 'https://eve.example'], '', ['Eve Old', 'E.']]);
  });

  it('keeps a total larger than the rows (first page)', () => {
    expect(encodeCompactCreators(creators.slice(0, 1), 10_000).total).toBe(10_000);
  });
});
