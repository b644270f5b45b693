/**
 * A large generated catalogue written straight into the server's SQLite file (seconds, where the API
 * would take minutes): creators with a YouTube link and the odd alias, videos of one to three authors
 * with a few creators in very many of them. Deterministic, so a failure repeats. The benchmark has its
 * own, richer generator (bench/src/generate.ts); this one only needs the sizes and the totals.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { normalizeName, seededRandom } from '@friends/shared';
import { REBUILD_COUNTS_SQL } from '../../api/src/counts/counts-sql';
import { creatorSearchKeyRows, creatorSearchShortRows } from '../../api/src/creators/creator-search-keys';
import { pieceToken, videoTitleIndexRows } from '../../api/src/videos/video-title-keys';
import { REPO_ROOT } from './server';

export interface CatalogueCreator {
  name: string;
  channel: string;
  aliases: string[];
}

interface Statement {
  run(...params: unknown[]): unknown;
}
interface SqliteFile {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  transaction(fn: () => void): () => void;
  close(): void;
}
/** The API's own SQLite driver (a dependency of api/). */
const Database = createRequire(path.join(REPO_ROOT, 'api', 'package.json'))('better-sqlite3') as new (
  file: string,
) => SqliteFile;

const SYLLABLES =
  'ka ri mo ta ne lu vi sa do pe ra zu li en ar os bel cor dan fen gar mar nor ros tor ven'.split(' ');

/**
 * Writes `creators` creators and `videos` videos into the (migrated, empty) database `file` and
 * advances the data version, so a running server drops what it cached. Returns the creators as the
 * visitor's search sees them.
 */
export function writeLargeCatalogue(
  file: string,
  { creators, videos, seed = 1 }: { creators: number; videos: number; seed?: number },
): CatalogueCreator[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const word = (parts: number) => {
    let text = '';
    for (let i = 0; i < parts; i++) text += pick(SYLLABLES);
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  const seen = new Set<string>();
  const people: CatalogueCreator[] = [];
  while (people.length < creators) {
    const name = `${word(1 + Math.floor(random() * 2))} ${word(2 + Math.floor(random() * 2))}`;
    if (seen.has(normalizeName(name))) continue;
    seen.add(normalizeName(name));
    const channel = `https://www.youtube.com/@${name.replace(/\s+/g, '').toLowerCase()}`;
    people.push({ name, channel, aliases: [] });
  }
  for (let i = 0; i < creators / 100; i++) {
    const alias = `${word(2)} ${word(3)}`;
    if (seen.has(normalizeName(alias))) continue;
    seen.add(normalizeName(alias));
    pick(people).aliases.push(alias);
  }
  // Authors skewed towards low ids (random² ): a few creators appear in thousands of videos.
  const author = () => 1 + Math.floor(random() * random() * creators);

  const db = new Database(file);
  try {
    const creator = db.prepare('INSERT INTO creators (id, name, name_key, photo) VALUES (?, ?, ?, ?)');
    const link = db.prepare(
      'INSERT INTO social_links (creator_id, position, platform, url) VALUES (?, 0, ?, ?)',
    );
    const alias = db.prepare('INSERT INTO creator_aliases (creator_id, name, name_key) VALUES (?, ?, ?)');
    const video = db.prepare('INSERT INTO videos (id, title, url, url_key, date) VALUES (?, ?, ?, ?, ?)');
    const authorship = db.prepare(
      'INSERT INTO video_authors (video_id, creator_id, position) VALUES (?, ?, ?)',
    );
    // The name-search index, by the API's own rules (its FTS5 table follows through its trigger).
    const searchKey = db.prepare(
      'INSERT INTO creator_search_keys (creator_id, field, initials, whole, search_key) VALUES (?, ?, ?, ?, ?)',
    );
    const searchShort = db.prepare(
      'INSERT INTO creator_search_shorts (gram, creator_id, in_name) VALUES (?, ?, ?)',
    );
    // The video-title index, by the API's rules too (its FTS5 table follows through its trigger).
    const titleKey = db.prepare('INSERT INTO video_title_keys (video_id, title_key) VALUES (?, ?)');
    const titleShort = db.prepare('INSERT INTO video_title_shorts (rowid, pieces) VALUES (?, ?)');
    db.transaction(() => {
      people.forEach((c, index) => {
        creator.run(index + 1, c.name, normalizeName(c.name), '');
        link.run(index + 1, 'YouTube', c.channel);
        for (const name of c.aliases) alias.run(index + 1, name, normalizeName(name));
        const keys = creatorSearchKeyRows(index + 1, [c.name, ...c.aliases], c.channel);
        for (const key of keys) searchKey.run(key.creatorId, key.field, key.initials, key.whole, key.key);
        for (const short of creatorSearchShortRows(keys))
          searchShort.run(short.gram, short.creatorId, short.inName);
      });
      for (let id = 1; id <= videos; id++) {
        const url = `https://www.youtube.com/watch?v=v${String(id).padStart(10, '0')}`;
        const month = String(1 + (id % 12)).padStart(2, '0');
        // url_key only has to be unique here (the API derives it from the canonical URL on write).
        const title = `${word(2)} ${word(2)} #${id}`;
        video.run(id, title, url, `large-${id}`, `2024-${month}-15`);
        const index = videoTitleIndexRows(title);
        titleKey.run(id, index.key);
        titleShort.run(id, index.shorts.map(pieceToken).join(' '));
        const authors = new Set([author()]);
        if (random() < 0.3) authors.add(author());
        if (random() < 0.1) authors.add(author());
        [...authors].forEach((creatorId, position) => authorship.run(id, creatorId, position));
      }
      for (const sql of REBUILD_COUNTS_SQL) db.exec(sql);
      // Written behind the API's back: a running server must drop everything it holds.
      db.exec('UPDATE data_version SET version = version + 1 WHERE id = 1');
      db.exec(
        "UPDATE answer_versions SET version = (SELECT version FROM data_version WHERE id = 1) WHERE name = '*'",
      );
    })();
  } finally {
    db.close();
  }
  return people;
}
