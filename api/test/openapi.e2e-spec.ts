import { ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE, API_ROUTES, PAGING } from '@friends/shared';
import { startTestApp, type TestContext } from './support/test-app';

type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
  security?: Record<string, string[]>[];
};
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, { type?: string }>; required?: string[] }>;
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options'];

/**
 * `METHOD /path` for every route in Fastify's route table (`printRoutes({ commonPrefix: false })`, one
 * node per line, children indented by four characters), with `:param` written `{param}` as OpenAPI does.
 * HEAD (added by Fastify for every GET), the static bundles (wildcards) and the docs themselves are left out.
 */
export function routeTable(printed: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line.trimEnd());
    if (!match) {
      const node = /^([│ ]*)[├└]── (\S+)$/.exec(line.trimEnd());
      if (node) stack.splice(node[1]!.length / 4, Infinity, node[2]!);
      continue;
    }
    const depth = match[1]!.length / 4;
    stack.splice(depth, Infinity, match[2]!);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    if (path.includes('*') || path.startsWith('/api/docs')) continue;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}

describe('routeTable', () => {
  it('reads nested nodes and their methods', () => {
    const printed = [
      '└── /api/creators (GET, HEAD, POST)',
      '    ├── /:id (DELETE)',
      '    │   └── /profile (GET, HEAD)',
      '    └── * (GET, HEAD)',
    ].join('\n');
    expect(routeTable(printed)).toEqual([
      'DELETE /api/creators/{id}',
      'GET /api/creators',
      'GET /api/creators/{id}/profile',
      'POST /api/creators',
    ]);
  });
});

describe('GET /api/docs-json', () => {
  let t: TestContext;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await startTestApp();
    const response = await t.http().get('/api/docs-json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.body as OpenApiDocument;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
  const operation = (route: string) => {
    const found = operations().find((o) => o.route === route);
    if (!found) throw new Error(`${route} is not in the document`);
    return found.operation;
  };

  it('is an OpenAPI 3 document listing exactly the routes the app serves', () => {
    expect(document.openapi).toMatch(/^3\./);
    const served = routeTable(t.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false }));
    expect(served.length).toBeGreaterThan(25);
    expect(served).toEqual(expect.arrayContaining([`GET ${API_ROUTES.health}`, `GET ${API_ROUTES.ready}`]));
    expect(
      operations()
        .map((o) => o.route)
        .sort(),
    ).toEqual(served);
  });

  it('describes request bodies with their DTOs', () => {
    const body = (route: string) => operation(route).requestBody?.content['application/json']?.schema.$ref;
    expect(body(`POST ${API_ROUTES.creators}`)).toBe('#/components/schemas/CreateCreatorDto');
    expect(body(`POST ${API_ROUTES.videos}`)).toBe('#/components/schemas/CreateVideoDto');
    expect(body(`POST ${API_ROUTES.login}`)).toBe('#/components/schemas/LoginDto');
    const creator = document.components.schemas.CreateCreatorDto!;
    expect(Object.keys(creator.properties ?? {}).sort()).toEqual([
      'channel',
      'name',
      'otherNames',
      'photo',
      'socialLinks',
    ]);
    expect(creator.required).toEqual(['name']);
    const video = document.components.schemas.UpdateVideoDto!;
    expect(video.properties?.id?.type).toBe('integer');
    expect(document.components.schemas.MergeCreatorsDto?.properties?.mergeIds).toMatchObject({
      type: 'array',
      items: { type: 'integer' },
    });
    expect(video.required).toEqual(expect.arrayContaining(['id', 'title']));
    // authorIds or authors (with roles) name the authors; either may be left out.
    expect(Object.keys(video.properties ?? {})).toEqual(expect.arrayContaining(['authorIds', 'authors']));
    for (const [route, operationOf] of operations().map((o) => [o.route, o.operation] as const)) {
      if (/^(POST|PUT|PATCH) /.test(route) && operationOf.requestBody) {
        const ref = operationOf.requestBody.content['application/json']?.schema.$ref ?? '';
        const name = ref.split('/').pop()!;
        expect({
          route,
          properties: Object.keys(document.components.schemas[name]?.properties ?? {}).length > 0,
        }).toEqual({ route, properties: true });
      }
    }
  });

  it('documents id parameters in paths and queries as integers', () => {
    const param = (route: string, name: string) => operation(route).parameters?.find((p) => p.name === name);
    expect(param('GET /api/creators/{id}/profile', 'id')).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'integer' },
    });
    expect(param(`DELETE ${API_ROUTES.creators}`, 'id')).toMatchObject({ in: 'query', required: true });
    for (const { route, operation: op } of operations()) {
      for (const name of route.match(/\{(\w+)\}/g) ?? []) {
        expect({
          route,
          documented: op.parameters?.some((p) => `{${p.name}}` === name && p.in === 'path'),
        }).toEqual({ route, documented: true });
      }
    }
  });

  it('documents the page parameters of GET /api/stats as optional bounded integers', () => {
    const params = operation(`GET ${API_ROUTES.stats}`).parameters ?? [];
    expect(params.map((p) => p.name).sort()).toEqual(['limit', 'offset']);
    expect(params.find((p) => p.name === 'limit')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: ANALYTICS_MAX_LIMIT, default: ANALYTICS_PAGE_SIZE },
    });
    expect(params.find((p) => p.name === 'offset')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 0, default: 0 },
    });
  });

  it('documents the search and page parameters of the paged lists', () => {
    const params = (route: string) =>
      Object.fromEntries((operation(route).parameters ?? []).map((p) => [p.name, p]));
    const creators = params(`GET ${API_ROUTES.creatorsSearch}`);
    expect(Object.keys(creators).sort()).toEqual(['ids', 'limit', 'offset', 'q', 'scope']);
    expect(creators.q).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } });
    expect(creators.limit).toMatchObject({
      schema: { type: 'integer', minimum: 1, maximum: PAGING.maxLimit, default: PAGING.creatorsPage },
    });
    const videos = params(`GET ${API_ROUTES.videosSearch}`);
    expect(Object.keys(videos).sort()).toEqual(['limit', 'offset', 'q', 'youtube']);
    expect(videos.limit).toMatchObject({ schema: { default: PAGING.videosPage } });
    // Both searches take with:"Name" terms, and say so.
    expect(creators.q).toMatchObject({ description: expect.stringContaining('`with:"Name"`') });
    expect(videos.q).toMatchObject({ description: expect.stringContaining('`with:"Name"`') });
    // The admin's creator lists: names by id, every match's id (Select All), duplicate groups.
    expect(creators.ids).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } });
    expect(Object.keys(params(`GET ${API_ROUTES.creatorsSearchIds}`)).sort()).toEqual(['q', 'scope']);
    const duplicates = params(`GET ${API_ROUTES.creatorsDuplicates}`);
    expect(Object.keys(duplicates).sort()).toEqual(['limit', 'offset']);
    expect(duplicates.limit).toMatchObject({
      schema: { type: 'integer', minimum: 1, maximum: PAGING.maxLimit, default: PAGING.duplicatesPage },
    });
    const videoIds = params(`GET ${API_ROUTES.videosSearchIds}`);
    expect(Object.keys(videoIds).sort()).toEqual(['q', 'youtube']);
  });

  it('describes the saved creator with its warnings as the answer of POST and PUT /api/creators', () => {
    const answer = (route: string, status: string) =>
      operation(route).responses[status]?.content?.['application/json']?.schema.$ref;
    expect(answer(`POST ${API_ROUTES.creators}`, '201')).toBe('#/components/schemas/SavedCreatorDto');
    expect(answer(`PUT ${API_ROUTES.creators}`, '200')).toBe('#/components/schemas/SavedCreatorDto');
    const saved = document.components.schemas.SavedCreatorDto!;
    expect(saved.properties?.warnings).toMatchObject({ type: 'array' });
    expect(saved.required ?? []).not.toContain('warnings');
    expect(Object.keys(document.components.schemas.SaveWarningDto?.properties ?? {}).sort()).toEqual([
      'creatorId',
      'field',
      'message',
    ]);
  });

  it('documents counting by event: ?count= on the leaderboard and ?weight= on a network', () => {
    const params = (route: string) =>
      Object.fromEntries((operation(route).parameters ?? []).map((p) => [p.name, p]));
    expect(params(`GET ${API_ROUTES.leaderboard}`).count).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['videos', 'events'] },
    });
    expect(params('GET /api/creators/{id}/network').weight).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['videos', 'events'] },
    });
  });

  it('gives every operation the one error shape { error: string }', () => {
    expect(document.components.schemas.ApiErrorDto).toMatchObject({
      properties: { error: { type: 'string' } },
      required: ['error'],
    });
    for (const { route, operation: op } of operations()) {
      expect({ route, error: op.responses.default?.content?.['application/json']?.schema.$ref }).toEqual({
        route,
        error: '#/components/schemas/ApiErrorDto',
      });
    }
  });

  it('marks the routes that need the admin session, and only those', () => {
    // Public reads list the optional API key (`[{}, { apiKey: [] }]`); only admin routes the session.
    const needsSession = (route: string) =>
      Boolean(operation(route).security?.some((scheme) => 'adminSession' in scheme));
    expect(needsSession(`POST ${API_ROUTES.creators}`)).toBe(true);
    expect(needsSession(`DELETE ${API_ROUTES.videos}`)).toBe(true);
    expect(needsSession(`GET ${API_ROUTES.suggestions}`)).toBe(true);
    expect(needsSession(`GET ${API_ROUTES.creators}`)).toBe(false);
    expect(needsSession(`POST ${API_ROUTES.suggestions}`)).toBe(false);
    expect(needsSession(`POST ${API_ROUTES.login}`)).toBe(false);
    expect(operation(`POST ${API_ROUTES.creators}`).responses['401']).toBeDefined();
  });

  it('matches what the API does: a documented admin route answers 401 without the session', async () => {
    for (const { route, operation: op } of operations()) {
      if (!op.security?.length || !route.startsWith('POST ') || route.includes('{')) continue;
      const response = await t.http().post(route.slice('POST '.length)).send({});
      expect({ route, status: response.status }).toEqual({ route, status: 401 });
    }
  });
});

describe('GET /api/docs', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('serves the Swagger UI with only same-origin scripts, which the CSP allows', async () => {
    const page = await t.http().get('/api/docs').redirects(1).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    const html = page.text;
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline script the CSP would block
    const scripts = [...html.matchAll(/<script src=['"]([^'"]+)['"]/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(src, 'http://localhost/api/docs/').pathname;
      const script = await t.http().get(url).expect(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    }
    const init = await t.http().get('/api/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain('"openapi": "3.'); // the document itself, no further fetch
  });
});
