import { detectScored, isNotCollaboratorLine } from './detection';

const detect = (description: string, title = 'Studio day') =>
  detectScored({ title, description, channelTitle: 'Host Channel' }, []).map((d) => ({
    name: d.name,
    confidence: d.confidence,
    url: d.url,
  }));

describe('crew words: a line’s role, never words inside a credited name', () => {
  it.each([
    'Edited by Sam Hollis',
    'Edited by @samhollis',
    'Editor: @samhollis',
    'Thumbnail by Ivy Park',
    'Thumbnail: @ivypark',
    'Music by Juno Reyes https://www.youtube.com/@junoreyes',
    'Sponsored by @nordvpn',
    'Use code FRIENDS at https://shop.example',
    'My Instagram: @me',
    'Second Channel: https://www.youtube.com/@hostsecond',
    'Merch: https://shop.example',
  ])('%p is not a collaborator line', (line) => expect(isNotCollaboratorLine(line)).toBe(true));

  it.each([
    'Epsilon Editor : @epsiloneditor',
    'Code Monkey : @codemonkey',
    'Logo Larry | https://www.youtube.com/@logolarry',
    'Ann Bo - https://www.youtube.com/@annbo',
  ])('%p credits a person', (line) => expect(isNotCollaboratorLine(line)).toBe(false));

  it('keeps every name under "Featuring:", applied at once with its link, and drops the crew lines', () => {
    const description = [
      'Featuring:',
      'Epsilon Editor : @epsiloneditor',
      'Code Monkey : @codemonkey',
      'Logo Larry | https://www.youtube.com/@logolarry',
      '',
      'Edited by @samhollis',
      'Thumbnail by Ivy Park',
      'Music by @junoreyes',
    ].join('\n');
    const found = detect(description);
    expect(found.map((d) => d.name).sort()).toEqual(['Code Monkey', 'Epsilon Editor', 'Logo Larry']);
    expect(found.every((d) => d.confidence === 'high')).toBe(true);
    expect(found.find((d) => d.name === 'Logo Larry')?.url).toBe('https://www.youtube.com/@logolarry');
  });
});
