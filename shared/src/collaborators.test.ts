import { NAME_OVERLAP_THRESHOLD } from './constants';
import {
  canSuggestNewCreator,
  decodeHtmlEntities,
  detectCollaborators,
  GENERIC_NAME_WORDS,
  isFilteredName,
  isValidHandle,
  matchExistingCreator,
  namesFromDescription,
  namesFromTitle,
  splitNameList,
} from './collaborators';

describe('isFilteredName', () => {
  it.each([
    // platform hosts
    ['YouTube', true],
    ['youtube.com', true],
    ['youtu.be', true],
    ['Instagram', true],
    ['twitter', true],
    ['x.com', true],
    ['TikTok', true],
    ['twitch.tv', true],
    ['Facebook', true],
    ['www.facebook.com', true],
    ['YouTube Kitchen', false],
    // newline, www., URLs
    ['Ann\nBo', true],
    ['Ann\r\nBo', true],
    ['Ann Bo', false],
    ['www.annbo', true],
    ['see WWW.annbo.com', true],
    ['https://annbo.example', true],
    // length: 2 kept, 1 dropped; 50 kept, 51 dropped
    ['A', true],
    ['Al', false],
    ['a'.repeat(50), false],
    ['a'.repeat(51), true],
    ['  ', true],
    // channel-id shape
    ['UC1234567890123456789012', true],
    ['UCLA', true],
    ['UC Davis Arts', false],
    ['Ucello', false],
    // all digits
    ['12345', true],
    ['123 45', false],
    ['Agent 47', false],
    // long uppercase ids: more than 10 of A-Z 0-9 _ -
    ['ABCDEFGHIJK', true],
    ['ABCDEFGHIJ', false],
    ['ABC_DEF-123', true],
    ['ABC_DEF-12', false],
    ['JOHN ROBLOX', false],
    ['ABCDEFGHIJk', false],
  ])('%j → %s', (name, filtered) => {
    expect(isFilteredName(name)).toBe(filtered);
  });

  it.each([
    ['Chef Nova', 'Chef Nova', true],
    ['chef  nova', 'Chef Nova', true],
    ['Chef Nova Live', 'Chef Nova', true],
    ['Nova', 'Chef Nova', true],
    ['Chef Novak', 'Chef Nova', true],
    ['Chef Nov', 'Chef Nova', true],
    ['Ann Bo', 'Chef Nova', false],
    ['Nova Bo', 'Chef Nova', false],
    ['Ann Bo', '', false],
    ['Ann Bo', '   ', false],
  ])('%j with main creator %j → %s', (name, main, filtered) => {
    expect(isFilteredName(name, main)).toBe(filtered);
  });
});

describe('isValidHandle', () => {
  it.each([
    ['ab', false],
    ['@ab', false],
    ['abc', true],
    ['@abc', true],
    ['ann.bo_1-x', true],
    ['Novaårdh', true],
    ['youtube', false],
    ['@Instagram', false],
    ['tiktok', false],
    ['twitch', false],
    ['has space', false],
    ['', false],
  ])('%j → %s', (handle, valid) => {
    expect(isValidHandle(handle)).toBe(valid);
  });
});

describe('canSuggestNewCreator', () => {
  it.each([
    ['Al', false],
    [' Al ', false],
    ['Ali', true],
    ['Ann Bo', true],
  ])('%j → %s', (name, allowed) => {
    expect(canSuggestNewCreator(name)).toBe(allowed);
  });

  it.each(GENERIC_NAME_WORDS.flatMap((word) => [[word], [word.toUpperCase()], [` ${word} `]]))(
    'generic word %j is not suggested',
    (word) => {
      expect(canSuggestNewCreator(word)).toBe(false);
    },
  );

  it('lists exactly the twelve generic words of docs/product.md §5', () => {
    expect([...GENERIC_NAME_WORDS].sort()).toEqual(
      [
        'video',
        'collab',
        'collaboration',
        'challenge',
        'reaction',
        'review',
        'episode',
        'part',
        'new',
        'interviews',
        'are',
        'fascinating',
      ].sort(),
    );
  });

  it.each([['Videos'], ['Reactions Inc'], ['Part Two']])(
    'a longer name containing a generic word is allowed: %j',
    (name) => {
      expect(canSuggestNewCreator(name)).toBe(true);
    },
  );
});

describe('matchExistingCreator', () => {
  const creators = [
    { id: 1, name: 'Chef Nova', handles: ['@novacooks'] },
    { id: 2, name: 'Dr. Pixel', aliases: ['Pixel Doc'] },
    { id: 3, name: 'ABCDEFGHIJ' },
    { id: 4, name: 'Sam' },
  ];

  it.each([
    ['Chef Nova', 1],
    ['chefnova', 1],
    ['CHEF  NOVA', 1],
    ['Chef.Nova', 1],
    ['novacooks', 1],
    ['@NovaCooks', 1],
    ['Dr Pixel', 2],
    ['drpixel', 2],
    ['pixel doc', 2],
    ['sam', 4],
  ])('%j → creator %s', (name, id) => {
    expect(matchExistingCreator(name, creators)?.id).toBe(id);
  });

  it.each([['Someone Else'], [''], ['   '], ['novacook5']])('%j matches nobody', (name) => {
    expect(matchExistingCreator(name, creators)).toBeUndefined();
  });

  it('uses a threshold of 60%', () => {
    expect(NAME_OVERLAP_THRESHOLD).toBe(0.6);
  });

  it.each([
    ['ABCDEF', 'ABCDEFGHIJ', 0.6, true], // exactly 60%
    ['ABCDEFG', 'ABCDEFGHIJ', 0.7, true], // just above
    ['ABCDE', 'ABCDEFGHIJ', 0.5, false], // just below
    ['ABCDEFGHIJKLMNOP', 'ABCDEFGHIJ', 10 / 16, true], // the creator's name inside the detected one
    ['ABCDEFGHIJKLMNOPQ', 'ABCDEFGHIJ', 10 / 17, false], // 58.8%
    ['BCDEFG', 'ABCDEFGHIJ', 0.6, true], // substring in the middle
    ['ABCDEX', 'ABCDEFGHIJ', 0, false], // not a substring at all
  ])('%j against %j (overlap %f) → match %s', (name, _existing, _overlap, matches) => {
    expect(matchExistingCreator(name, creators)?.id).toBe(matches ? 3 : undefined);
  });

  it('prefers an exact match over a substring match, whatever the order', () => {
    const list = [
      { id: 10, name: 'Nova Cooks Daily' },
      { id: 11, name: 'Nova Cooks' },
    ];
    expect(matchExistingCreator('novacooks', list)?.id).toBe(11);
  });

  it('picks the highest overlap among substring matches, then the earlier creator', () => {
    const list = [
      { id: 20, name: 'Nova Cooks Daily' },
      { id: 21, name: 'Nova Cooks!' },
      { id: 22, name: 'Nova Cooks?' },
    ];
    expect(matchExistingCreator('Nova Cooks', list)?.id).toBe(21);
  });

  it('matches a merged-away name through aliases by substring too', () => {
    expect(
      matchExistingCreator('Pixel Doctor', [{ id: 5, name: 'Someone', aliases: ['Pixel Doc'] }])?.id,
    ).toBe(5);
  });
});

describe('decodeHtmlEntities', () => {
  it.each([
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['I&#39;m here', "I'm here"],
    ['&quot;Quoted&quot;', '"Quoted"'],
    ['&lt;b&gt;', '<b>'],
    ['&#x41;&#X42;', 'AB'],
    ['&unknown; stays', '&unknown; stays'],
    ['&amp;amp;', '&amp;'],
  ])('%j → %j', (text, expected) => {
    expect(decodeHtmlEntities(text)).toBe(expected);
  });
});

describe('splitNameList', () => {
  it.each([
    ['Ann, Bo & Cy and Dee x Eve', ['Ann', 'Bo', 'Cy', 'Dee', 'Eve']],
    ['Alex Xavier', ['Alex Xavier']],
    ['Sandy Anderson', ['Sandy Anderson']],
    ['  "Ann Bo".  ', ['Ann Bo']],
  ])('%j → %j', (text, expected) => {
    expect(splitNameList(text)).toEqual(expected);
  });
});

describe('namesFromTitle', () => {
  it.each([
    ['Baking bread w/ Ann Bo', ['Ann Bo']],
    ['Baking bread w/Ann Bo & Cy Dee (Part 2)', ['Ann Bo', 'Cy Dee']],
    ['Baking bread with Ann Bo', ['Ann Bo']],
    ['Baking bread with Ann Bo and Cy Dee!', ['Ann Bo', 'Cy Dee']],
    ['Baking bread with Ann Bo for the first time', ['Ann Bo']],
    ['Song Title (feat. Ann Bo)', ['Ann Bo']],
    ['Song Title (Feat. Ann Bo, Cy Dee)', ['Ann Bo', 'Cy Dee']],
    ['Song Title ft. Ann Bo x Cy Dee - Official Video', ['Ann Bo', 'Cy Dee']],
    ['Song Title featuring Ann Bo | Live', ['Ann Bo']],
    ['Shout out to @annbo and @cy.dee.', ['@annbo', '@cy.dee']],
    ['Mail me: hello@example.com', []],
    // real titles from youtube-samples/
    ['Lil Wayne - John ft. Rick Ross (Explicit) (Official Music Video)', ['Rick Ross']],
    [
      'Mapara A Jazz - John Vuli Gate [Feat Ntosh Gazi &amp; Colano] (Official Music Video)',
      ['Ntosh Gazi', 'Colano'],
    ],
    ["(FREE) Lofi Type Beat - I'm fine (prod. yusei ft. lul patchy)", ['lul patchy']],
    ['so i played TDS with JOHN ROBLOX... he trolled me (Roblox)', ['JOHN ROBLOX']],
    ['(FREE) Lofi Type Beat - Vibe with me for a minute (prod. Yusei)', []],
    ['Being a TDS PRO with a level 0 tower | ROBLOX', []],
    ['John Lennon &amp; The Plastic Ono Band (with the Flux Fiddlers) HD', ['the Flux Fiddlers']],
    ['Faouzia &amp; John Legend - Minefields (Official Music Video)', []],
    // no marker inside words
    ['Minecraft. Crafting features update', []],
    ['Sound test w/o music', []],
  ])('%j → %j', (title, expected) => {
    expect(namesFromTitle(title)).toEqual(expected);
  });

  it('skips a show titled "<channel> with <host>" on that channel, not elsewhere', () => {
    const title = 'Emergency Medical Services: Last Week Tonight with John Oliver (HBO)';
    expect(namesFromTitle(title, 'LastWeekTonight')).toEqual([]);
    expect(namesFromTitle(title, 'Some Fan Channel')).toEqual(['John Oliver']);
  });

  it('dedupes names', () => {
    expect(namesFromTitle('ft. Ann Bo w/ ann bo with Ann.Bo')).toEqual(['Ann Bo']);
  });
});

describe('namesFromDescription', () => {
  it.each([
    [
      'Cast:\nAnn Bo | https://www.instagram.com/annbo/',
      [{ name: 'Ann Bo', urlOrHandle: 'https://www.instagram.com/annbo/' }],
    ],
    ['Guests\nAnn Bo : @annbo', [{ name: 'Ann Bo', urlOrHandle: '@annbo' }]],
    [
      'Featuring\nAnn Bo - https://youtube.com/@annbo',
      [{ name: 'Ann Bo', urlOrHandle: 'https://youtube.com/@annbo' }],
    ],
    ['Credits:\nCamera: Ann Bo', [{ name: 'Ann Bo' }]],
    [
      'Credits:\nCamera: Ann Bo | https://annbo.example',
      [{ name: 'Ann Bo', urlOrHandle: 'https://annbo.example' }],
    ],
    ['Starring\n• Ann Bo\n• Cy Dee', [{ name: 'Ann Bo' }, { name: 'Cy Dee' }]],
    ['Special guests: Ann Bo, Cy Dee and Eve', [{ name: 'Ann Bo' }, { name: 'Cy Dee' }, { name: 'Eve' }]],
    ['Guest appearance by Ann Bo', [{ name: 'Ann Bo' }]],
    ['Performed by Frank Sinatra - Written by Bart Howard', [{ name: 'Frank Sinatra' }]],
    ['Cast & Crew:\nAnn Bo', [{ name: 'Ann Bo' }]],
    [
      'Collaborators:\n@annbo\nhttps://www.youtube.com/@cydee',
      [
        { name: 'annbo', urlOrHandle: '@annbo' },
        { name: 'cydee', urlOrHandle: 'https://www.youtube.com/@cydee' },
      ],
    ],
    ['Talent: Ann Bo', [{ name: 'Ann Bo' }]],
    ['Performers:\nAnn Bo', [{ name: 'Ann Bo' }]],
    ['Actors:\nAnn Bo', [{ name: 'Ann Bo' }]],
    ['Appearances:\nAnn Bo', [{ name: 'Ann Bo' }]],
    ['Collaborator: Ann Bo', [{ name: 'Ann Bo' }]],
  ])('%j', (description, expected) => {
    expect(namesFromDescription(description)).toEqual(expected);
  });

  it('ends a section at a blank line', () => {
    expect(namesFromDescription('Cast:\nAnn Bo\n\nThanks for watching\nSubscribe')).toEqual([
      { name: 'Ann Bo' },
    ]);
  });

  it.each([
    ['Welcome to our podcast!\nAnn Bo'],
    ['A broadcast about bread\nAnn Bo'],
    ['In this video we are featuring nobody\nAnn Bo'],
    ['Follow Coldplay\nTwitter: https://twitter.com/coldplay'],
    [''],
  ])('finds nothing outside a section: %j', (description) => {
    expect(namesFromDescription(description)).toEqual([]);
  });
});

describe('detectCollaborators', () => {
  const creators = [
    { id: 1, name: 'Chef Nova', handles: ['@chefnova'] },
    { id: 2, name: 'Ann Bo', handles: ['@annbo'] },
    { id: 3, name: 'Cy Dee', aliases: ['Cyrus Dee'] },
  ];

  it('splits detected names into existing creators and creators to create, with links', () => {
    expect(
      detectCollaborators(
        {
          title: 'Pasta night w/ Ann Bo &amp; Gil Ray (ft. Cyrus Dee) @newface',
          description:
            'Guests:\nHal Ito | https://www.instagram.com/halito/\nIvy Joy : @ivyjoy\nKim Lee : @kl',
          channelTitle: 'Chef Nova',
        },
        creators,
      ),
    ).toEqual({
      existingIds: [2, 3],
      toCreate: [
        { name: 'Gil Ray', url: '' },
        { name: 'newface', url: 'https://www.youtube.com/@newface' },
        { name: 'Hal Ito', url: 'https://www.instagram.com/halito/' },
        { name: 'Ivy Joy', url: 'https://www.instagram.com/ivyjoy/' },
        { name: 'Kim Lee', url: '' },
      ],
    });
  });

  it('never suggests or lists the main creator', () => {
    const result = detectCollaborators(
      {
        title: 'Chef Nova w/ Ann Bo @chefnova',
        description: 'Cast:\nChef Nova Team\nNova',
        channelTitle: 'Chef Nova',
      },
      creators,
    );
    expect(result).toEqual({ existingIds: [2], toCreate: [] });
  });

  it('dedupes across title and description', () => {
    const result = detectCollaborators(
      {
        title: 'w/ Gil Ray and Ann Bo',
        description: 'Featuring:\nGil Ray | https://gil.example\nAnn Bo',
        channelTitle: 'Chef Nova',
      },
      creators,
    );
    expect(result).toEqual({ existingIds: [2], toCreate: [{ name: 'Gil Ray', url: '' }] });
  });

  it('drops filtered names, short names, generic words, bad handles and unsafe links', () => {
    const result = detectCollaborators(
      {
        title: 'w/ YouTube, Al, Challenge, 12345, UCabcdefghijklmnopqrstuv @ab @instagram',
        description: 'Guests:\nZed Quo | javascript:alert(1)\nwww.spam.example\nhttps://www.youtube.com',
        channelTitle: 'Chef Nova',
      },
      creators,
    );
    expect(result).toEqual({ existingIds: [], toCreate: [{ name: 'Zed Quo', url: '' }] });
  });

  it('decodes HTML-escaped titles before detecting', () => {
    const result = detectCollaborators(
      {
        title: 'John Vuli Gate [Feat Ntosh Gazi &amp; Colano]',
        description: '',
        channelTitle: 'Mapara A Jazz',
      },
      [],
    );
    expect(result.toCreate.map((c) => c.name)).toEqual(['Ntosh Gazi', 'Colano']);
  });

  it('finds nothing in a title without markers', () => {
    expect(
      detectCollaborators({ title: 'Just me cooking', description: '', channelTitle: 'Chef Nova' }, creators),
    ).toEqual({
      existingIds: [],
      toCreate: [],
    });
  });
});
