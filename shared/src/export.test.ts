import {
  CREATOR_EXPORT_COLUMNS,
  csvCell,
  exportFileName,
  toCsv,
  toExportJson,
  type ExportColumn,
} from './export';
import type { CreatorListItem } from './types';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Ada Lumen')).toBe('Ada Lumen');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it.each(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '=HYPERLINK("http://x","y")'])(
    'keeps %p from being read as a formula',
    (text) => {
      const cell = csvCell(text);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(unquoted).toBe(`'${text}`);
    },
  );

  it('does not touch formula characters inside the text', () => {
    expect(csvCell('Ada = Bram')).toBe('Ada = Bram');
    expect(csvCell('me@example.com')).toBe('me@example.com');
  });
});

describe('toCsv / toExportJson', () => {
  interface Row {
    name: string;
    count: number;
  }
  const columns: ExportColumn<Row>[] = [
    { header: 'name', value: (row) => row.name },
    { header: 'count', value: (row) => row.count },
  ];
  const rows: Row[] = [
    { name: 'Ada, the first', count: 3 },
    { name: '=evil()', count: 1 },
  ];

  it('writes a header and one CRLF line per row', () => {
    expect(toCsv(rows, columns)).toBe('name,count\r\n"Ada, the first",3\r\n\'=evil(),1\r\n');
    expect(toCsv([], columns)).toBe('name,count\r\n');
  });

  it('writes the same rows as JSON objects keyed by header, unescaped', () => {
    expect(JSON.parse(toExportJson(rows, columns))).toEqual([
      { name: 'Ada, the first', count: 3 },
      { name: '=evil()', count: 1 },
    ]);
  });

  it('exports creators with their counts and links', () => {
    const creator: CreatorListItem = {
      id: 7,
      name: 'Ada',
      channel: 'https://youtube.com/@ada',
      photo: '',
      socialLinks: [
        { platform: 'YouTube', url: 'https://youtube.com/@ada' },
        { platform: 'Instagram', url: 'https://instagram.com/ada' },
      ],
      videoCount: 5,
      collabCount: 2,
      aliases: [],
      otherNames: [],
    };
    expect(toCsv([creator], CREATOR_EXPORT_COLUMNS).split('\r\n')[1]).toBe(
      '7,Ada,https://youtube.com/@ada,5,2,https://youtube.com/@ada https://instagram.com/ada,',
    );
  });

  it('exports creators with their other names, in CSV and JSON', () => {
    const creator: CreatorListItem = {
      id: 31,
      name: '兎田ぺこら',
      channel: '',
      photo: '',
      socialLinks: [],
      videoCount: 0,
      collabCount: 0,
      aliases: [],
      otherNames: [{ name: 'Usada Pekora', lang: 'ja-Latn' }, { name: 'ペコラ' }],
    };
    expect(toCsv([creator], CREATOR_EXPORT_COLUMNS).split('\r\n')[0]).toBe(
      'id,name,channel,videos,collaborations,links,other_names',
    );
    expect(toCsv([creator], CREATOR_EXPORT_COLUMNS).split('\r\n')[1]).toBe(
      '31,兎田ぺこら,,0,0,,Usada Pekora (ja-Latn); ペコラ',
    );
    const [row] = JSON.parse(toExportJson([creator], CREATOR_EXPORT_COLUMNS)) as Record<string, unknown>[];
    expect(row?.other_names).toBe('Usada Pekora (ja-Latn); ペコラ');
  });
});

describe('exportFileName', () => {
  it('makes a safe file name from a title', () => {
    expect(exportFileName('Åsa Lindqvård — videos', 'csv')).toBe('asa-lindqvard-videos.csv');
    expect(exportFileName('../../etc', 'json')).toBe('etc.json');
    expect(exportFileName('!!!', 'json')).toBe('export.json');
  });
});
