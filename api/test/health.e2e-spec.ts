import { API_ROUTES } from '@friends/shared';
import { SCHEMA_NOT_MIGRATED } from '../src/health/health.controller';
import { startTestApp, type TestContext } from './support/test-app';

describe('GET /api/ready', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 while a migration this build knows is not applied, ready once it is', async () => {
    await t.http().get(API_ROUTES.ready).expect(200, { status: 'ready' });
    const [latest] = await t.query<{ id: number; timestamp: number | string; name: string }>(
      'SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1',
    );
    await t.query('DELETE FROM migrations WHERE id = ?', [latest!.id]);

    const response = await t.http().get(API_ROUTES.ready).expect(503);
    expect(response.body).toEqual({ error: SCHEMA_NOT_MIGRATED });
    expect(response.headers['cache-control']).toBe('no-store');
    await t.http().get(API_ROUTES.health).expect(200, { status: 'ok' }); // alive, just not ready

    await t.query('INSERT INTO migrations (id, timestamp, name) VALUES (?, ?, ?)', [
      latest!.id,
      latest!.timestamp,
      latest!.name,
    ]);
    await t.http().get(API_ROUTES.ready).expect(200, { status: 'ready' });
  });
});
