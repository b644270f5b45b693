import { BadRequestException } from '@nestjs/common';
import { parsePage } from './page-params';

const limits = { defaultLimit: 50, maxLimit: 500 };

describe('parsePage', () => {
  it('defaults to the first page of the default size', () => {
    expect(parsePage({}, limits)).toEqual({ offset: 0, limit: 50 });
  });

  it.each([
    [
      { offset: '0', limit: '1' },
      { offset: 0, limit: 1 },
    ],
    [
      { offset: '120', limit: '500' },
      { offset: 120, limit: 500 },
    ],
    [{ offset: '007' }, { offset: 7, limit: 50 }],
    [
      { offset: '999999999', limit: '25' },
      { offset: 999_999_999, limit: 25 },
    ],
  ])('accepts %p', (query, page) => expect(parsePage(query, limits)).toEqual(page));

  it.each([
    { offset: '' },
    { offset: '-1' },
    { offset: '1e2' },
    { offset: '1.5' },
    { offset: ' 5' },
    { offset: '0x10' },
    { offset: '1000000000' },
    { offset: ['1', '2'] },
    { limit: '0' },
    { limit: '501' },
    { limit: '-0' },
    { limit: 'abc' },
    { limit: ['5', '5'] },
  ])('rejects %p with 400 and names the parameter', (query) => {
    expect(() => parsePage(query, limits)).toThrow(BadRequestException);
    expect(() => parsePage(query, limits)).toThrow(new RegExp(`^${Object.keys(query)[0]} must be`));
  });
});
