import { avatarSvg, initialsOf } from './avatar';

describe('avatar', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  Mary  Ann  Evans ', 'ME'],
    ['émile zola', 'ÉZ'],
    ['', '?'],
  ])('initials of %p are %p', (name, initials) => expect(initialsOf(name)).toBe(initials));

  it('is the same picture for the same name and escapes markup', () => {
    expect(avatarSvg('Ada')).toBe(avatarSvg('Ada'));
    expect(avatarSvg('<b>&"')).not.toMatch(/<b>|&"/);
  });
});
