import { JsonText, jsonOf, valueOf } from './json-text';

describe('JsonText', () => {
  const page = {
    total: 2,
    items: [
      { id: 2, title: 'Ünïcode "quoted"' },
      { id: 1, title: 'b' },
    ],
  };
  const text = new JsonText<typeof page>(JSON.stringify(page));

  it('is sent as its text, and any other value is stringified', () => {
    expect(jsonOf(text)).toBe(text.text);
    expect(jsonOf(page)).toBe(JSON.stringify(page));
  });

  it('stands for its value wherever it is written as JSON or read back', () => {
    expect(JSON.stringify({ answer: text })).toBe(JSON.stringify({ answer: page }));
    expect(valueOf(text)).toEqual(page);
    expect(valueOf(page)).toBe(page);
  });
});
