import { videoEditSummary, type VideoEditState } from './history';

const base: VideoEditState = {
  title: 'Cook-off',
  url: 'https://youtu.be/abc',
  date: '2024-01-05',
  authors: [
    { id: 1, name: 'Ann', role: 'host' },
    { id: 2, name: 'Ben', role: 'guest' },
  ],
  crew: [],
};

describe('videoEditSummary', () => {
  it('says only the title when nothing changed', () => {
    expect(videoEditSummary(base, base)).toBe('Edited video "Cook-off"');
  });

  it('names a reorder, a URL set or removed, a date removed and crew changes', () => {
    expect(videoEditSummary(base, { ...base, authors: [...base.authors].reverse() })).toBe(
      'Edited video "Cook-off": reordered authors',
    );
    expect(videoEditSummary({ ...base, url: '' }, base)).toBe('Edited video "Cook-off": set URL');
    expect(videoEditSummary(base, { ...base, url: '', date: '' })).toBe(
      'Edited video "Cook-off": removed URL, removed date',
    );
    expect(videoEditSummary(base, { ...base, crew: [{ name: 'Sam', job: 'editor' }] })).toBe(
      'Edited video "Cook-off": changed crew',
    );
  });

  it('puts a retitle first and lists several added authors together', () => {
    const after = {
      ...base,
      title: 'Cook-off 2',
      authors: [...base.authors, { id: 3, name: 'Cy', role: 'guest' }, { id: 4, name: 'Di', role: 'guest' }],
    };
    expect(videoEditSummary(base, after)).toBe(
      'Renamed video "Cook-off" to "Cook-off 2", added authors "Cy", "Di"',
    );
  });
});
