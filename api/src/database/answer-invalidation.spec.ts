import { changedTable, EVERYTHING } from './answer-invalidation';

describe('changedTable', () => {
  it.each([
    ['INSERT INTO suggestions (url, submitted_at) VALUES (?, ?)', 'suggestions'],
    ['INSERT INTO "creators"("name", "name_key") VALUES (?, ?)', 'creators'],
    ['INSERT INTO `friends`.`video_authors`(`video_id`) VALUES (?)', 'video_authors'],
    ['INSERT OR IGNORE INTO login_limits (bucket) VALUES (?)', 'login_limits'],
    ['INSERT IGNORE INTO answer_versions (name, version) VALUES (?, 0)', 'answer_versions'],
    ['REPLACE INTO channel_name_counts (channel_key) VALUES (?)', 'channel_name_counts'],
    ['  UPDATE "creators" SET "name" = ? WHERE "id" IN (?)', 'creators'],
    ['UPDATE count_totals SET videos = videos + 1 WHERE id = 1', 'count_totals'],
    ['/* comment */ DELETE FROM "videos" WHERE "id" = ?', 'videos'],
    ['DELETE FROM video_counts', 'video_counts'],
    ['DELETE FROM review_proposals WHERE id = ? OR (video_id = ?)', 'review_proposals'],
  ])('%s changes %s', (sql, table) => {
    expect(changedTable(sql)).toBe(table);
  });

  it.each([
    'SELECT id FROM count_totals WHERE id = 1 FOR UPDATE',
    'select * from creators',
    'BEGIN TRANSACTION',
    'COMMIT',
    'ROLLBACK TO SAVEPOINT typeorm_1',
    'SAVEPOINT typeorm_1',
    'RELEASE SAVEPOINT typeorm_1',
    'START TRANSACTION',
    'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ',
    'PRAGMA foreign_keys = ON',
  ])('%s changes nothing', (sql) => {
    expect(changedTable(sql)).toBeNull();
  });

  it.each([
    'UPDATE creators c JOIN video_authors va ON va.creator_id = c.id SET c.name = ?',
    'DELETE va FROM video_authors va JOIN videos v ON v.id = va.video_id',
    'WITH gone AS (SELECT 1) DELETE FROM creators',
    'CREATE TABLE x (id integer)',
    'DROP TRIGGER IF EXISTS t',
    'ALTER TABLE creators ADD COLUMN x integer',
    'TRUNCATE TABLE creators',
  ])('%s may change anything', (sql) => {
    expect(changedTable(sql)).toBe(EVERYTHING);
  });
});
