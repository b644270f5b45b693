import {
  normalizeLinkUrl,
  canonicalVideoUrl,
  defaultAvatarUrl,
  normalizePhotoUrl,
  extractVideoId,
  instagramProfileUrl,
  isHttpUrl,
  parseYouTubeChannelUrl,
  safeHref,
  youtubeHandleFromUrl,
  youtubeWatchUrl,
} from './urls';

const ID = 'dQw4w9WgXcQ';

describe('extractVideoId', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `http://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&list=RDAMVM${ID}`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
    `https://www.youtube.com/watch?v=${ID}#comments`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=AbCdEf&t=10`,
    `youtu.be/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?feature=oembed`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/live/${ID}`,
    `https://www.youtube.com/v/${ID}`,
    `  https://www.youtube.com/watch?v=${ID}  `,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
  ])('%s', (url) => {
    expect(extractVideoId(url)).toBe(ID);
  });

  it.each([
    '',
    ID,
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${ID}x`,
    'https://www.youtube.com/watch?v=abc$defghij',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/@someone',
    'https://www.youtube.com/channel/UC1234567890123456789012',
    `https://www.youtube.com/playlist?list=PL${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/watch?v=${ID}`,
    `https://vimeo.com/${ID}`,
    `https://youtu.be/`,
    `javascript:alert('${ID}')`,
  ])('no id in %j', (url) => {
    expect(extractVideoId(url)).toBeNull();
  });

  it('reads canonical URLs without parsing, with the same answer as parsing', () => {
    const NativeURL = globalThis.URL;
    let constructed = 0;
    globalThis.URL = class extends NativeURL {
      constructor(...args: ConstructorParameters<typeof URL>) {
        super(...args);
        constructed += 1;
      }
    } as typeof URL;
    try {
      expect(extractVideoId(youtubeWatchUrl(ID))).toBe(ID);
      expect(constructed).toBe(0);
      expect(extractVideoId(`${youtubeWatchUrl(ID)}&t=1`)).toBe(ID); // not canonical: parsed
      expect(constructed).toBeGreaterThan(0);
    } finally {
      globalThis.URL = NativeURL;
    }
  });
});

describe('canonicalVideoUrl', () => {
  it('gives one string for the same video in every form', () => {
    const forms = [
      `https://www.youtube.com/watch?v=${ID}`,
      `http://youtube.com/watch?v=${ID}&t=30s`,
      `https://m.youtube.com/watch?feature=share&v=${ID}`,
      `https://youtu.be/${ID}?si=xyz`,
      `https://www.youtube.com/embed/${ID}`,
      `https://www.youtube.com/shorts/${ID}`,
      `youtube.com/live/${ID}`,
    ];
    const canonical = new Set(forms.map(canonicalVideoUrl));
    expect([...canonical]).toEqual([`https://www.youtube.com/watch?v=${ID}`]);
  });

  it.each([
    ['  https://Vimeo.COM/123456/  ', 'https://vimeo.com/123456'],
    ['https://vimeo.com/123456#t=5', 'https://vimeo.com/123456'],
    ['https://vimeo.com/123456?a=1', 'https://vimeo.com/123456?a=1'],
    ['vimeo.com/123456', 'https://vimeo.com/123456'],
    ['https://Example.com/', 'https://example.com'],
    ['  not a url  ', 'not a url'],
  ])('%j → %j', (url, expected) => {
    expect(canonicalVideoUrl(url)).toBe(expected);
  });
});

describe('canonicalVideoUrl is idempotent', () => {
  it.each([`https://youtu.be/${ID}?si=1`, 'https://Vimeo.com/1/#x', 'vimeo.com/1?b=2', 'not a url'])(
    '%j',
    (url) => {
      const once = canonicalVideoUrl(url);
      expect(canonicalVideoUrl(once)).toBe(once);
    },
  );
});

describe('isHttpUrl', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com/path?q=1', true],
    ['  https://example.com  ', true],
    ['example.com', false],
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['/relative', false],
    ['', false],
    ['https://', false],
  ])('%j → %s', (url, expected) => {
    expect(isHttpUrl(url)).toBe(expected);
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com/'],
    ['  https://example.com/x  ', 'https://example.com/x'],
    ['www.instagram.com/someone', 'https://www.instagram.com/someone'],
    ['//example.com/x', 'https://example.com/x'],
  ])('%j → %j', (url, expected) => {
    expect(safeHref(url)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    '\tjavascript:alert(1)',
    '\njavascript:alert(1)',
    '\u0000javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript://example.com/%0Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/relative/path',
    '../up',
    'hello',
    '',
    '   ',
    null,
    undefined,
  ])('%j → undefined', (url) => {
    expect(safeHref(url)).toBeUndefined();
  });
});

describe('instagramProfileUrl', () => {
  it.each([
    ['someone', 'https://www.instagram.com/someone/'],
    ['@someone', 'https://www.instagram.com/someone/'],
    ['  @some.one_1 ', 'https://www.instagram.com/some.one_1/'],
  ])('%j → %s', (handle, expected) => {
    expect(instagramProfileUrl(handle)).toBe(expected);
  });
});

describe('defaultAvatarUrl', () => {
  it.each([
    ['Ann', '/api/avatar?name=Ann'],
    ['Ann & Bo', '/api/avatar?name=Ann%20%26%20Bo'],
    ['Zoë?#', '/api/avatar?name=Zo%C3%AB%3F%23'],
  ])('%j → %s', (name, expected) => {
    expect(defaultAvatarUrl(name)).toBe(expected);
  });
});

describe('youtubeHandleFromUrl', () => {
  it.each([
    ['https://www.youtube.com/@FictionalChef', 'FictionalChef'],
    ['https://www.youtube.com/@FictionalChef/videos', 'FictionalChef'],
    ['youtube.com/@FictionalChef', 'FictionalChef'],
    ['https://m.youtube.com/@FictionalChef?si=1', 'FictionalChef'],
    ['https://www.youtube.com/@Nova%C3%A5rdh', 'Novaårdh'],
    ['https://www.youtube.com/@bad%E0', 'bad%E0'],
  ])('%j → %j', (url, expected) => {
    expect(youtubeHandleFromUrl(url)).toBe(expected);
  });

  it.each([
    'https://www.youtube.com/channel/UC1234567890123456789012',
    'https://www.youtube.com/user/someone',
    'https://www.youtube.com/@',
    'https://www.instagram.com/@someone',
    'https://notyoutube.com/@someone',
    '@someone',
    '',
  ])('%j → null', (url) => {
    expect(youtubeHandleFromUrl(url)).toBeNull();
  });
});

describe('parseYouTubeChannelUrl', () => {
  const CHANNEL = 'UC1234567890123456789012';
  it.each([
    ['https://www.youtube.com/@FictionalChef', { kind: 'handle', handle: 'FictionalChef' }],
    ['https://www.youtube.com/@FictionalChef/featured', { kind: 'handle', handle: 'FictionalChef' }],
    ['youtube.com/@Nova%C3%A5rdh', { kind: 'handle', handle: 'Novaårdh' }],
    ['@FictionalChef', { kind: 'handle', handle: 'FictionalChef' }],
    [`https://www.youtube.com/channel/${CHANNEL}`, { kind: 'channelId', id: CHANNEL }],
    [`https://www.youtube.com/channel/${CHANNEL}/videos`, { kind: 'channelId', id: CHANNEL }],
    [CHANNEL, { kind: 'channelId', id: CHANNEL }],
    ['https://www.youtube.com/user/OldName', { kind: 'username', username: 'OldName' }],
    ['https://www.youtube.com/c/CustomName', { kind: 'custom', name: 'CustomName' }],
    ['https://www.youtube.com/CustomName', { kind: 'custom', name: 'CustomName' }],
    ['https://www.youtube.com/playlist?list=PLabc_DEF-123', { kind: 'playlist', id: 'PLabc_DEF-123' }],
    [`https://www.youtube.com/watch?v=${ID}&list=PLabc`, { kind: 'playlist', id: 'PLabc' }],
    [`https://www.youtube.com/watch?v=${ID}`, { kind: 'video', id: ID }],
    [`https://youtu.be/${ID}`, { kind: 'video', id: ID }],
    [`https://www.youtube.com/embed/${ID}`, { kind: 'video', id: ID }],
    [`https://www.youtube.com/shorts/${ID}`, { kind: 'video', id: ID }],
    [`https://www.youtube.com/live/${ID}`, { kind: 'video', id: ID }],
  ])('%j', (url, expected) => {
    expect(parseYouTubeChannelUrl(url)).toEqual(expected);
  });

  it.each([
    '',
    'https://www.youtube.com/',
    'https://www.youtube.com/channel/not-a-channel-id',
    'https://www.youtube.com/user/',
    'https://www.youtube.com/feed/subscriptions',
    'https://www.youtube.com/watch?v=tooShort',
    'https://vimeo.com/channels/someone',
    'https://notyoutube.com/@someone',
    'https://www.instagram.com/someone',
    'just words',
  ])('%j → null', (url) => {
    expect(parseYouTubeChannelUrl(url)).toBeNull();
  });
});

describe('normalizePhotoUrl', () => {
  it.each([
    ['https://img.example/a.png', 'https://img.example/a.png'],
    ['  http://img.example/a b.png ', 'http://img.example/a%20b.png'],
    ['//evil.example/x.png', 'https://evil.example/x.png'],
    ['evil.example/x.png', 'https://evil.example/x.png'],
    ['', ''],
    ['/api/avatar?name=Ann', ''],
  ])('stores %p as %p', (input, stored) => expect(normalizePhotoUrl(input)).toBe(stored));

  it.each(['/x.png', 'x', 'javascript:alert(1)', 'data:image/png;base64,AA', 'ftp://img.example/a.png'])(
    'refuses %p',
    (input) => expect(normalizePhotoUrl(input)).toBeNull(),
  );
});

describe('normalizeLinkUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['  youtu.be/dQw4w9WgXcQ ', 'https://youtu.be/dQw4w9WgXcQ'],
    ['HTTP://Example.com/a b', 'http://example.com/a%20b'],
    ['https://www.instagram.com/ann/', 'https://www.instagram.com/ann/'],
  ])('stores %p as %p', (input, stored) => expect(normalizeLinkUrl(input)).toBe(stored));

  it.each([
    '//evil.example/v',
    '\\\\evil.example/v',
    '/v',
    'v',
    '',
    'javascript:alert(1)',
    'data:text/html,x',
    'ftp://example.com/v',
  ])('refuses %p', (input) => expect(normalizeLinkUrl(input)).toBeNull());
});
