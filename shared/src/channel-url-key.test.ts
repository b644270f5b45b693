import { channelUrlKey, channelUrlNeedle } from './urls';

describe('channelUrlKey', () => {
  it.each([
    ['https://www.youtube.com/@OtisBrightwater', 'youtube.com/@otisbrightwater'],
    ['https://www.youtube.com/@OtisBrightwater', 'm.youtube.com/@OTISBRIGHTWATER/videos?si=x'],
    ['https://www.youtube.com/@OtisBrightwater', '@otisbrightwater'],
    ['https://www.youtube.com/@Wing%C3%A5rdh', 'youtube.com/@wingårdh'],
    [
      'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv',
      'youtube.com/channel/UCabcdefghijklmnopqrstuv/',
    ],
    ['https://www.youtube.com/c/Otis', 'https://youtube.com/otis'],
    ['https://www.instagram.com/lark.ellison/', 'http://instagram.com/Lark.Ellison#bio'],
    ['https://twitch.tv/lark', 'https://www.twitch.tv/lark/'],
  ])('%s and %s are the same channel', (a, b) => {
    expect(channelUrlKey(a)).not.toBeNull();
    expect(channelUrlKey(a)).toBe(channelUrlKey(b));
  });

  it.each([
    ['https://www.youtube.com/@Otis', 'https://www.youtube.com/@OtisBright'],
    [
      'https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv',
      'https://www.youtube.com/channel/UCABCDEFGHIJKLMNOPQRSTUV',
    ],
    ['https://www.youtube.com/@otis', 'https://www.instagram.com/otis'],
    ['https://www.youtube.com/user/otis', 'https://www.youtube.com/@otis'],
  ])('%s and %s are different channels', (a, b) => {
    expect(channelUrlKey(a)).not.toBe(channelUrlKey(b));
  });

  it('is null for text that is no URL', () => {
    expect(channelUrlKey('not a url')).toBeNull();
    expect(channelUrlKey('')).toBeNull();
  });

  it('narrows by the last part of the key, which every matching stored URL contains', () => {
    expect(channelUrlNeedle(channelUrlKey('https://www.youtube.com/@OtisBrightwater')!)).toBe(
      'otisbrightwater',
    );
    expect(channelUrlNeedle(channelUrlKey('https://instagram.com/lark.ellison')!)).toBe('lark.ellison');
    expect(channelUrlNeedle(channelUrlKey('https://example.com/')!)).toBe('example.com');
  });
});
