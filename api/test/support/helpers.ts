import {
  API_ROUTES,
  type CreatorInput,
  type SavedCreator,
  type Video,
  type VideoInput,
} from '@friends/shared';
import type { TestContext } from './test-app';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Requests carrying the admin session cookie. */
export function admin(t: TestContext) {
  const call = (method: Method) => (url: string) => t.http()[method](url).set('Cookie', t.cookie);
  return {
    get: call('get'),
    post: call('post'),
    put: call('put'),
    patch: call('patch'),
    delete: call('delete'),
  };
}

export async function createCreator(t: TestContext, input: CreatorInput | string): Promise<SavedCreator> {
  const body = typeof input === 'string' ? { name: input } : input;
  const response = await admin(t).post(API_ROUTES.creators).send(body);
  if (response.status !== 201) throw new Error(`create creator: ${response.status} ${response.text}`);
  return response.body as SavedCreator;
}

export async function createVideo(
  t: TestContext,
  input: Partial<VideoInput> & { authorIds: number[] },
): Promise<Video> {
  const response = await admin(t)
    .post(API_ROUTES.videos)
    .send({ title: 'A video', ...input });
  if (response.status !== 201) throw new Error(`create video: ${response.status} ${response.text}`);
  return response.body as Video;
}

const TABLES = [
  'creators',
  'social_links',
  'creator_other_names',
  'creator_aliases',
  'creator_groups',
  'group_members',
  'events',
  'videos',
  'video_authors',
  'video_crew',
  'suggestions',
  'event_proposals',
];

/** Everything the database holds, to assert that a rejected request changed nothing. */
export async function snapshot(t: TestContext): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const order = table === 'video_authors' ? 'video_id, creator_id' : 'id';
    result[table] = (await t.query(`SELECT * FROM ${table} ORDER BY ${order}`)).map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
    );
  }
  return result;
}

/** Every answer that is an error must be JSON `{ error: string }` and nothing else. */
export function expectErrorBody(body: unknown): void {
  expect(body).toEqual({ error: expect.any(String) });
  expect((body as { error: string }).error.length).toBeGreaterThan(0);
}
