import { detectPlatform, PLATFORM_ICONS, PLATFORMS } from './platform';

describe('detectPlatform', () => {
  it.each([
    ['https://www.youtube.com/@someone', 'YouTube'],
    ['https://youtube.com/channel/UC1234567890123456789012', 'YouTube'],
    ['https://m.youtube.com/watch?v=abcdefghijk', 'YouTube'],
    ['https://music.youtube.com/watch?v=abcdefghijk', 'YouTube'],
    ['https://youtu.be/abcdefghijk', 'YouTube'],
    ['youtube.com/@someone', 'YouTube'],
    ['  HTTPS://WWW.YOUTUBE.COM/@Someone  ', 'YouTube'],
    ['https://www.instagram.com/someone/', 'Instagram'],
    ['instagram.com/someone', 'Instagram'],
    ['https://twitter.com/someone', 'Twitter'],
    ['https://mobile.twitter.com/someone', 'Twitter'],
    ['https://x.com/someone', 'Twitter'],
    ['https://www.tiktok.com/@someone', 'TikTok'],
    ['https://vm.tiktok.com/ZMabc/', 'TikTok'],
    ['https://www.twitch.tv/someone', 'Twitch'],
    ['https://www.facebook.com/someone', 'Facebook'],
    ['https://m.facebook.com/someone', 'Facebook'],
    ['https://fb.com/someone', 'Facebook'],
    ['https://example.com/someone', 'Other'],
    ['not a url at all', 'Other'],
    ['javascript:alert(1)', 'Other'],
  ] as const)('%s → %s', (url, platform) => {
    expect(detectPlatform(url)).toBe(platform);
  });

  it.each([
    'https://notyoutube.com/@x',
    'https://youtube.com.evil.example/@x',
    'https://evil.example/youtube.com/@x',
    'https://evil.example/?u=https://www.instagram.com/x',
    'https://myinstagram.com/x',
    'https://box.com/x',
    'https://twitter.co/x',
    'https://tiktok.co/x',
    'https://twitch.com/x',
    'https://notfacebook.com/x',
    'https://youtube.com@evil.example/',
  ])('a look-alike host is Other: %s', (url) => {
    expect(detectPlatform(url)).toBe('Other');
  });

  it.each(['', '   ', '\n\t'])('blank %j → empty string', (url) => {
    expect(detectPlatform(url)).toBe('');
  });
});

describe('PLATFORM_ICONS', () => {
  it.each(PLATFORMS.map((platform) => [platform]))('%s has a 24×24 path', (platform) => {
    const icon = PLATFORM_ICONS[platform];
    expect(icon.viewBox).toBe('0 0 24 24');
    expect(icon.path).toMatch(/^M[\d.\s,a-zA-Z-]+$/);
  });

  it('lists the seven platforms, Other last', () => {
    expect(PLATFORMS).toEqual(['YouTube', 'Instagram', 'Twitter', 'TikTok', 'Twitch', 'Facebook', 'Other']);
  });
});
