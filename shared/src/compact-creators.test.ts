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
    otherNames: [],
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
    otherNames: [],
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
    otherNames: [],
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
    otherNames: [],
  },
];

describe('compact creators', () => {
  it('round-trips every field exactly (through JSON)', () => {
    const wire = JSON.parse(JSON.stringify(encodeCompactCreators(creators))) as ReturnType<
      typeof encodeCompactCreators
    >;
    expect(wire.total).toBe(4);
    expect(decodeCompactCreators(wire)).toEqual(creators);
  });

  it('omits the generated avatar, the derived channel and empty aliases', () => {
    const { rows } = encodeCompactCreators(creators);
    expect(rows[0]).toEqual([
      1,
      'Ann Bo',
      3,
      2,
      [17, 'https://www.youtube.com/@', '', 18, 'https://www.instagram.com/', ''],
    ]);
    expect(rows[1]).toEqual([6, 'Cé & "Dee"', 0, 0, [], 'https://img.example/dee.png']);
    expect(rows[2]).toEqual([2, 'Eve', 5, 0, [23, 'https://', '.example'], '', ['Eve Old', 'E.']]);
    expect(rows[3]).toEqual([1, 'Legacy', 1, 1, [16, 'https://', '.example']]);
  });

  it('splits a link around the name key only when the key has 3+ characters, and repeats losslessly', () => {
    const base = { channel: '', photo: '', videoCount: 1, collabCount: 0, aliases: [], otherNames: [] };
    const odd: CreatorListItem[] = (
      [
        [3, 'Ab', 'https://ab.example/ab'],
        [4, 'Zoë Ü!', 'https://zo.example/~zo~'],
        [5, 'Kay', 'https://kay.example/kay'],
      ] as const
    ).map(([id, name, url]) => ({
      ...base,
      id,
      name,
      channel: url,
      photo: defaultAvatarUrl(name),
      socialLinks: [{ platform: 'Other', url }],
    }));
    const wire = encodeCompactCreators(odd);
    expect(wire.rows.map((row) => row[4])).toEqual([
      [7, 'https://ab.example/ab'],
      [7, 'https://zo.example/~zo~'],
      [23, 'https://', '.example/kay'],
    ]);
    expect(decodeCompactCreators(JSON.parse(JSON.stringify(wire)))).toEqual(odd);
  });

  it('keeps a total larger than the rows (first page)', () => {
    expect(encodeCompactCreators(creators.slice(0, 1), 10_000).total).toBe(10_000);
  });
});
