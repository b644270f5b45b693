/**
 * Modules own their tables (docs/architecture.md "One unit of work"): the creators' tables are written
 * only in api/src/creators/, the videos' only in api/src/videos/. Every other module calls the owner's
 * service. This scans the API's sources and fails on SQL or a repository call that writes one of them
 * anywhere else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const SRC = join(__dirname, '..');

const OWNERS: Record<string, { folder: string; entity: string }> = {
  creators: { folder: 'creators', entity: 'CreatorEntity' },
  social_links: { folder: 'creators', entity: 'SocialLinkEntity' },
  creator_aliases: { folder: 'creators', entity: 'CreatorAliasEntity' },
  videos: { folder: 'videos', entity: 'VideoEntity' },
  video_authors: { folder: 'videos', entity: 'VideoAuthorEntity' },
};

/**
 * Writers allowed beside the owners, each for a reason: a restore writes a whole data set into an
 * empty database with its ids; the generic Undo puts back any recorded row; a migration shapes the
 * schema and the rows already there.
 */
const EXCEPTED = ['backup/', 'history/history.service.ts', 'history/row-snapshot.ts', 'database/migrations/'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.(spec|test)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: what` for every write of an owned table outside its owner. */
export function ownershipViolations(files: { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    if (EXCEPTED.some((prefix) => path.startsWith(prefix))) continue;
    for (const [table, owner] of Object.entries(OWNERS)) {
      if (path.startsWith(`${owner.folder}/`)) continue;
      const patterns = [
        // SQL: INSERT [IGNORE] INTO t, REPLACE INTO t, UPDATE [IGNORE] t, DELETE [alias] FROM t, quoted or not
        new RegExp(
          `\\b(?:INSERT(?:\\s+IGNORE)?\\s+INTO|REPLACE\\s+INTO|UPDATE(?:\\s+IGNORE)?|DELETE(?:\\s+\\w+)?\\s+FROM)\\s+[\`"']?${table}\\b`,
          'gi',
        ),
        // TypeORM: manager.insert(Entity, …), repository of Entity then .save/.insert/…
        new RegExp(
          `\\.(?:insert|update|delete|save|upsert|remove|softDelete|restore|increment|decrement)\\(\\s*${owner.entity}\\b`,
          'g',
        ),
        new RegExp(`(?:getRepository|InjectRepository)\\(\\s*${owner.entity}\\b`, 'g'),
        new RegExp(
          `\\.createQueryBuilder\\([^)]*\\)[\\s\\S]{0,80}?\\.(?:insert|update|delete)\\(\\)[\\s\\S]{0,80}?${owner.entity}\\b`,
          'g',
        ),
      ];
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          const line = text.slice(0, match.index).split('\n').length;
          found.push(`${path}:${line}: ${match[0].replace(/\s+/g, ' ')} (owned by ${owner.folder}/)`);
        }
      }
    }
  }
  return found;
}

describe('modules own their tables', () => {
  const files = sources(SRC).map((path) => ({
    path: relative(SRC, path).split(sep).join('/'),
    text: readFileSync(path, 'utf8'),
  }));

  it('scans the API sources', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.path === 'creators/creators.service.ts')).toBe(true);
  });

  it('no module writes a table another module owns', () => {
    expect(ownershipViolations(files)).toEqual([]);
  });

  it('finds a write outside the owner, in SQL and through TypeORM', () => {
    const hostile = [
      {
        path: 'youtube/photos.service.ts',
        text: "await m.query('UPDATE creators SET photo = ? WHERE id = ?');",
      },
      { path: 'review/x.ts', text: 'await m.query(`INSERT INTO video_authors (video_id) VALUES (?)`);' },
      { path: 'stats/y.ts', text: "m.query('DELETE FROM `social_links` WHERE id = 1')" },
      { path: 'network/z.ts', text: "m.query('REPLACE INTO videos (id) VALUES (1)')" },
      { path: 'insights/w.ts', text: 'await manager.insert(CreatorAliasEntity, { name });' },
      {
        path: 'queries/v.ts',
        text: 'constructor(@InjectRepository(VideoEntity) repo: Repository<VideoEntity>) {}',
      },
      { path: 'youtube/u.ts', text: 'await manager.save(VideoAuthorEntity, rows);' },
    ];
    expect(ownershipViolations(hostile)).toHaveLength(hostile.length);
  });

  it('lets the owners, reads and the excepted writers be', () => {
    const fine = [
      { path: 'creators/creators.service.ts', text: "m.query('DELETE FROM creators WHERE id = ?')" },
      { path: 'videos/videos.service.ts', text: 'await manager.insert(VideoAuthorEntity, rows);' },
      { path: 'stats/s.ts', text: "m.query('SELECT * FROM creators JOIN video_authors ON 1 = 1')" },
      { path: 'stats/t.ts', text: "m.query('UPDATE creator_counts SET videos = 1')" },
      { path: 'backup/backup.service.ts', text: 'INSERT INTO creators (id) VALUES (?)' },
    ];
    expect(ownershipViolations(fine)).toEqual([]);
  });
});
