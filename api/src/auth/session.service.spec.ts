import { constantTimeEquals } from './session.service';

/** The module object itself (an `import *` namespace is a copy a spy would not reach). */
const crypto = jest.requireActual<typeof import('node:crypto')>('node:crypto');

describe('constantTimeEquals (the admin password check)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers equality', () => {
    expect(constantTimeEquals('correct horse', 'correct horse')).toBe(true);
    expect(constantTimeEquals('correct hors', 'correct horse')).toBe(false);
    expect(constantTimeEquals('', 'correct horse')).toBe(false);
    expect(constantTimeEquals('Correct horse', 'correct horse')).toBe(false);
  });

  it.each([
    ['a shorter guess', 'x'],
    ['a longer guess', 'x'.repeat(500)],
    ['a guess sharing a prefix', 'correct horse battery stapler'],
  ])('compares fixed-size digests with timingSafeEqual, never the strings (%s)', (_, guess) => {
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    expect(constantTimeEquals(guess, 'correct horse battery staple')).toBe(false);
    expect(compare).toHaveBeenCalledTimes(1);
    const [a, b] = compare.mock.calls[0] as [Buffer, Buffer];
    expect([a.length, b.length]).toEqual([32, 32]);
  });
});
