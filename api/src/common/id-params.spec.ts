import { BadRequestException } from '@nestjs/common';
import { parseId } from './id-params';

describe('parseId', () => {
  it.each(['1', '42', '2147483647'])('accepts %p', (text) => expect(parseId(text)).toBe(Number(text)));
  it.each([
    undefined,
    '',
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    ' 5',
    'abc',
    '2147483648',
    '99999999999',
    ['1', '2'],
  ])('rejects %p with 400', (value) => expect(() => parseId(value)).toThrow(BadRequestException));
});
