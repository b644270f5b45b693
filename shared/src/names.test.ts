import {
  channelFromLinks,
  findDuplicateGroups,
  linksWithChannel,
  normalizeName,
  normalizeSocialLinks,
  storedName,
} from './names';

describe('normalizeName', () => {
  it.each([
    ['Ann Bo', 'ann bo'],
    ['  Ann   Bo  ', 'ann bo'],
    ['ANN\tBO', 'ann bo'],
    ['Ann\n Bo', 'ann bo'],
    ['', ''],
    ['   ', ''],
    ['Beyonce\u0301', 'beyoncé'],
    ['BEYONCE\u0301', 'beyoncé'],
  ])('%j → %j', (name, expected) => {
    expect(normalizeName(name)).toBe(expected);
  });
});

describe('storedName', () => {
  it.each([
    ['Beyonce\u0301', 'Beyoncé'],
    ['  Zoe\u0308   Bo ', 'Zoë Bo'],
    ['\u1112\u1161\u11AB\u1100\u1173\u11AF', '한글'],
    ['ヘ\u309Aコラ', 'ペコラ'],
    ['ｶﾞ', 'ｶﾞ'], // NFC, not NFKC: the half-width spelling is kept as typed (search folds it)
  ])('%j → %j (NFC, trimmed, spaces collapsed)', (name, expected) => {
    expect(storedName(name)).toBe(expected);
    expect(storedName(name)).toBe(storedName(name).normalize('NFC'));
  });
});

describe('findDuplicateGroups', () => {
  const c = (id: number, name: string, aliases?: string[]) => ({ id, name, aliases });

  it('groups names equal after lowercasing, trimming and collapsing spaces', () => {
    const items = [c(1, 'Ann Bo'), c(2, 'Cy'), c(3, ' ann  bo '), c(4, 'ANN BO'), c(5, 'Annbo')];
    expect(findDuplicateGroups(items).map((group) => group.map((item) => item.id))).toEqual([[1, 3, 4]]);
  });

  it('keeps groups in the order of their first member and members in input order', () => {
    const items = [c(9, 'Zed'), c(2, 'amy'), c(5, 'zed'), c(1, 'Amy')];
    expect(findDuplicateGroups(items).map((group) => group.map((item) => item.id))).toEqual([
      [9, 5],
      [2, 1],
    ]);
  });

  it('counts aliases as names, transitively', () => {
    const items = [
      c(1, 'Primary', ['Old Name']),
      c(2, 'old name'),
      c(3, 'Other', ['primary']),
      c(4, 'Alone'),
    ];
    expect(findDuplicateGroups(items).map((group) => group.map((item) => item.id))).toEqual([[1, 2, 3]]);
  });

  it('counts other names as names: Usada Pekora, and ペコラ against an other name ぺこら', () => {
    const items = [
      { id: 1, name: '兎田ぺこら', otherNames: [{ name: 'Usada Pekora', lang: 'ja-Latn' }] },
      { id: 2, name: 'Someone' },
      { id: 3, name: 'usada  pekora' },
      { id: 4, name: 'Pekora Fan', otherNames: [{ name: 'ぺこら' }] },
      { id: 5, name: 'ペコラ' },
    ];
    expect(findDuplicateGroups(items).map((group) => group.map((item) => item.id))).toEqual([
      [1, 3],
      [4, 5],
    ]);
  });

  it('returns no group when all names differ, and ignores blank names', () => {
    expect(findDuplicateGroups([c(1, 'A'), c(2, 'B'), c(3, ' '), c(4, '')])).toEqual([]);
  });

  it('returns the items themselves', () => {
    const a = c(1, 'Same');
    const b = c(2, 'same');
    const [group] = findDuplicateGroups([a, b]);
    expect(group?.[0]).toBe(a);
    expect(group?.[1]).toBe(b);
  });
});

describe('normalizeSocialLinks', () => {
  it('drops blank URLs, trims, and re-detects every platform', () => {
    expect(
      normalizeSocialLinks([
        { platform: 'Instagram', url: '  https://www.youtube.com/@someone ' },
        { platform: 'YouTube', url: '   ' },
        { url: '' },
        { platform: 'javascript', url: 'https://x.com/someone' },
        { url: 'https://example.com' },
      ]),
    ).toEqual([
      { platform: 'YouTube', url: 'https://www.youtube.com/@someone' },
      { platform: 'Twitter', url: 'https://x.com/someone' },
      { platform: 'Other', url: 'https://example.com' },
    ]);
  });

  it('gives an empty list for no links', () => {
    expect(normalizeSocialLinks([])).toEqual([]);
  });
});

describe('channelFromLinks', () => {
  it.each([
    [[{ url: 'https://a.example' }, { url: 'https://b.example' }], 'https://a.example'],
    [[{ url: '  ' }, { url: ' https://b.example ' }], 'https://b.example'],
    [[], ''],
    [[{ url: '' }], ''],
  ])('%j → %j', (links, expected) => {
    expect(channelFromLinks(links)).toBe(expected);
  });
});

describe('linksWithChannel', () => {
  const stored = [
    { platform: 'YouTube', url: 'https://www.youtube.com/@a' },
    { platform: 'Twitter', url: 'https://x.com/a' },
  ] as const;
  it('keeps every link without a channel or with the same one', () => {
    expect(linksWithChannel([...stored], undefined)).toEqual(stored);
    expect(linksWithChannel([...stored], 'https://www.youtube.com/@a')).toEqual(stored);
  });
  it('replaces the first link with a new channel, detecting its platform, and drops a repeat of it', () => {
    expect(linksWithChannel([...stored], 'https://x.com/a')).toEqual([
      { platform: 'Twitter', url: 'https://x.com/a' },
    ]);
    expect(linksWithChannel([...stored], 'https://twitch.tv/a')).toEqual([
      { platform: 'Twitch', url: 'https://twitch.tv/a' },
      stored[1],
    ]);
  });
  it('removes the first link for a blank channel, and adds one to a creator without links', () => {
    expect(linksWithChannel([...stored], '')).toEqual([stored[1]]);
    expect(linksWithChannel([], 'https://x.com/b')).toEqual([
      { platform: 'Twitter', url: 'https://x.com/b' },
    ]);
    expect(linksWithChannel([], '')).toEqual([]);
  });
});
