import { detectScored } from './detection';
import { creditedYouTubeHandle, nameFromChannel } from './handle-names';

describe('creditedYouTubeHandle', () => {
  it.each([
    [
      'a bare @mention',
      { name: 'deltadancer', url: 'https://www.instagram.com/deltadancer/', text: '@deltadancer' },
      'deltadancer',
    ],
    [
      'a Name : @handle line',
      {
        name: 'Epsilon Editor',
        url: 'https://www.instagram.com/epsiloneditor/',
        text: 'Epsilon Editor @epsiloneditor',
      },
      'epsiloneditor',
    ],
    [
      'a YouTube handle link',
      {
        name: 'Logo Larry',
        url: 'https://www.youtube.com/@logolarry',
        text: 'Logo Larry https://www.youtube.com/@logolarry',
      },
      'logolarry',
    ],
    [
      'a percent-encoded handle link',
      { name: 'x', url: 'https://www.youtube.com/@%C3%85saLindqv%C3%A5rd', text: '' },
      'ÅsaLindqvård',
    ],
  ])('finds the handle of %s', (_label, credit, handle) => {
    expect(creditedYouTubeHandle(credit)).toBe(handle);
  });

  it.each([
    [
      'an Instagram link',
      {
        name: 'Sunny Abernathy',
        url: 'https://www.instagram.com/sunnyabernathy/',
        text: 'Sunny Abernathy https://www.instagram.com/sunnyabernathy/',
      },
    ],
    ['a plain name', { name: 'Wren Halvorsen', url: '', text: 'feat. Wren Halvorsen' }],
    [
      'a channel id link',
      { name: 'UCabc', url: 'https://www.youtube.com/channel/UCabcdefabcdefabcdefabcd', text: '' },
    ],
    ['a handle too short', { name: 'ab', url: 'https://www.instagram.com/ab/', text: '@ab' }],
    [
      'a handle with a TikTok link',
      { name: 'Kim', url: 'https://www.tiktok.com/@kimdances', text: 'Kim @kimdances' },
    ],
  ])('looks nothing up for %s', (_label, credit) => {
    expect(creditedYouTubeHandle(credit)).toBeNull();
  });
});

describe('nameFromChannel', () => {
  it('names a bare handle after the channel', () => {
    expect(nameFromChannel('deltadancer', 'deltadancer', 'Delta Dancer')).toBe('Delta Dancer');
  });
  it('keeps a credited name that is the handle or the title written out', () => {
    expect(nameFromChannel('Epsilon Editor', 'epsiloneditor', 'Epsilon Edits')).toBe('Epsilon Editor');
    expect(nameFromChannel('Otto Brambleworth', 'ottob', 'OttoBrambleworth')).toBe('Otto Brambleworth');
  });
  it('prefers the channel title over a different credited name', () => {
    expect(nameFromChannel('Sam Hollis', 'samcooks', 'Sam Cooks Daily')).toBe('Sam Cooks Daily');
  });
  it('keeps the credit when the channel has no title', () => {
    expect(nameFromChannel('deltadancer', 'deltadancer', '  ')).toBe('deltadancer');
  });
});

describe('a Name : @handle credit', () => {
  it('is one person: the bare @handle of the same line is not proposed beside it', () => {
    const found = detectScored(
      {
        title: 'Kite flying',
        description: 'Appearances:\nKappa Kite : @kappakite\n',
        channelTitle: 'Juniper Lane',
        ownerId: 1,
      },
      [{ id: 1, name: 'Juniper Lane' }],
    );
    expect(found.map((d) => [d.name, d.confidence])).toEqual([['Kappa Kite', 'high']]);
  });
});
