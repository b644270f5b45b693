import { creditedName, crewCredits, crewLine, defaultRole, roleForPattern, strongestRole } from './roles';

describe('roles', () => {
  it('makes ft. featured and every other credit a guest', () => {
    expect(roleForPattern('feat')).toBe('featured');
    for (const pattern of ['w/', 'with', 'guest', 'section', 'mention', 'x', 'vs', 'link'] as const)
      expect(roleForPattern(pattern)).toBe('guest');
  });

  it('keeps the credited name only when it differs from the creator name and is no handle', () => {
    expect(creditedName({ name: 'Rosie D', pattern: 'feat' }, 'Rosa Delacroix')).toBe('Rosie D');
    expect(creditedName({ name: 'rosa delacroix', pattern: 'w/' }, 'Rosa Delacroix')).toBeNull();
    expect(creditedName({ name: 'rosadelacroix', pattern: 'mention' }, 'Rosa Delacroix')).toBeNull();
  });

  it('makes the first author the host when only the order is known', () => {
    expect([0, 1, 2].map(defaultRole)).toEqual(['host', 'guest', 'guest']);
  });
});

describe('crewLine', () => {
  it.each([
    ['Edited by Sam Hollis', 'editor', ['Sam Hollis']],
    ['Editor: @samhollis', 'editor', ['samhollis']],
    ['Video edited by Sam Hollis & Ivy Park', 'editor', ['Sam Hollis', 'Ivy Park']],
    ['Thumbnail by Ivy Park', 'thumbnail', ['Ivy Park']],
    ['Thumbnail: Ivy Park', 'thumbnail', ['Ivy Park']],
    ['Music by Juno Reyes (https://example.com/juno)', 'music', ['Juno Reyes']],
    ['Mix and master by Juno Reyes', 'mixing', ['Juno Reyes']],
    ['Filmed by Cal Mendez', 'camera', ['Cal Mendez']],
    ['Animation by Noor Haddad', 'animation', ['Noor Haddad']],
    ['Translated by Aiko Mori', 'translation', ['Aiko Mori']],
  ])('reads %s', (line, job, names) => {
    expect(crewLine(line)).toEqual({ job, names });
  });

  it.each([
    'Epsilon Editor : @epsiloneditor',
    'Code Monkey : @codemonkey',
    'Logo Larry | https://www.youtube.com/@logolarry',
    'Editing software: Premiere',
    'Produced with @lucanashby',
    'Shot on a phone',
    'Vocals: Marisol Teague',
    'Music',
  ])('does not read %s as crew', (line) => {
    expect(crewLine(line)).toBeNull();
  });
});

describe('crewCredits', () => {
  it('lists each name and job once, in order', () => {
    const description =
      'Great video\nEdited by Sam Hollis\nThumbnail: Ivy Park\nEdited by Sam Hollis\nFeaturing Rosa';
    expect(crewCredits(description)).toEqual([
      { name: 'Sam Hollis', job: 'editor' },
      { name: 'Ivy Park', job: 'thumbnail' },
    ]);
  });

  it('keeps the strongest role when authors become one', () => {
    expect(strongestRole(['guest', 'host'])).toBe('host');
    expect(strongestRole(['guest', 'featured'])).toBe('featured');
    expect(strongestRole(['guest'])).toBe('guest');
  });
});
