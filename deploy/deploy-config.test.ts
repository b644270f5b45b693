/**
 * No Docker engine runs on the development machines, so this checks docker-compose.yml and the
 * Dockerfiles against what the code actually reads: service names, ports, environment variables,
 * healthcheck endpoints and cache headers.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { API_ROUTES, BACKUP_MAX_BYTES } from '@friends/shared';

const root = join(__dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  image?: string;
  environment?: Record<string, string | number>;
  ports?: string[];
  volumes?: string[];
  expose?: string[];
  command?: string[];
  deploy?: { replicas?: number };
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service>; volumes: object };
const services = compose.services;

/** Every `process.env.NAME` / `env.NAME` / `'NAME'` read by the API's source. */
function apiSource(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts') && !path.endsWith('.spec.ts')) files.push(path);
    }
  };
  walk(join(root, 'api/src'));
  return files.map((f) => readFileSync(f, 'utf8')).join('\n');
}

const envExample = Object.fromEntries(
  read('.env.example')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** Every variable `loadConfiguration` reads: text('X'), bool('X'), limit('X'), remoteUrl('X'), env.X. */
function configVariables(): string[] {
  const source = read('api/src/config/configuration.ts');
  const names = [
    ...source.matchAll(/\b(?:text|bool|limit|remoteUrl)\('([A-Z][A-Z0-9_]*)'|\benv\.([A-Z][A-Z0-9_]*)\b/g),
  ].map((m) => m[1] ?? m[2]!);
  return [...new Set(names)].sort();
}

/** The `NAME`s in the first column of README's configuration table. */
function readmeConfigTable(): Set<string> {
  const readme = read('README.md');
  const start = readme.indexOf('\n## Configuration');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  return new Set(
    rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)),
  );
}

describe('configuration', () => {
  const variables = configVariables();

  it('finds the variables the API reads', () => {
    expect(variables).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'PORT', 'SESSION_SECRET', 'PUBLIC_REMOTE_URL']),
    );
  });

  it("documents every variable the API reads in README's configuration table", () => {
    const documented = readmeConfigTable();
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('passes every API setting of .env.example on to the api service', () => {
    const env = services.api!.environment ?? {};
    const apiSettings = Object.keys(envExample).filter((name) => variables.includes(name));
    expect(apiSettings.length).toBeGreaterThan(0);
    expect(apiSettings.filter((name) => !(name in env))).toEqual([]);
  });

  it('runs the API in the container with the settings a multi-host deployment needs', () => {
    const env = services.api!.environment ?? {};
    for (const name of ['HOST', 'PORT', 'DATABASE_URL', 'SESSION_SECRET', 'ADMIN_PASSWORD']) {
      expect({ name, set: name in env }).toEqual({ name, set: true });
    }
    expect(env.HOST).toBe('0.0.0.0');
  });
});

describe('runtime flags', () => {
  const { runtimeFlags, runtimeEnv, scripts } = JSON.parse(read('api/package.json')) as {
    runtimeFlags: string[];
    runtimeEnv: Record<string, string>;
    scripts: Record<string, string>;
  };
  const dockerfile = read('Dockerfile');
  const dockerCmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
  const envPairs = Object.entries(runtimeEnv).map(([name, value]) => `${name}=${value}`);

  it("start the API the same way in the container and with npm start (api/package.json's runtimeFlags)", () => {
    expect(runtimeFlags.length).toBeGreaterThan(0);
    expect(dockerCmd).toEqual(['node', ...runtimeFlags, 'api/dist/main.js']);
    expect(scripts['start:prod']).toBe([...envPairs, 'node', ...runtimeFlags, 'dist/main.js'].join(' '));
  });

  it("give the API api/package.json's runtimeEnv in the container too", () => {
    expect(envPairs.length).toBeGreaterThan(0);
    const runStage = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    const env = /^ENV (.*)$/m.exec(runStage)?.[1]?.split(/\s+/) ?? [];
    for (const pair of envPairs) expect(env).toContain(pair);
  });
});

describe('health checks', () => {
  const controller = read('api/src/health/health.controller.ts');

  it('point at routes the API serves: liveness and readiness', () => {
    expect(API_ROUTES.health).toBe('/api/health');
    expect(API_ROUTES.ready).toBe('/api/ready');
    expect(controller).toContain('@Get(API_ROUTES.health)');
    expect(controller).toContain('@Get(API_ROUTES.ready)');
  });

  it('probe the API port on the container itself', () => {
    const port = String(services.api!.environment?.PORT);
    expect(services.api!.healthcheck?.test.join(' ')).toContain(
      `http://127.0.0.1:${port}${API_ROUTES.ready}`,
    );
    expect(read('Dockerfile')).toContain(`http://127.0.0.1:${port}${API_ROUTES.health}`);
  });

  it("probe each remote's manifest, the file the host loads", () => {
    expect(read('deploy/remote.Dockerfile')).toMatch(
      /HEALTHCHECK .*http:\/\/127\.0\.0\.1\/mf-manifest\.json/,
    );
    expect(envExample.PUBLIC_REMOTE_URL).toMatch(/\/mf-manifest\.json$/);
  });
});

describe('docker-compose.yml', () => {
  it('has MySQL, the migrations, the API replicas behind a proxy, and each remote as its own service', () => {
    expect(Object.keys(services).sort()).toEqual([
      'admin-remote',
      'api',
      'migrate',
      'mysql',
      'proxy',
      'public-remote',
    ]);
  });

  it('keeps MySQL data in a named volume and health-checks it', () => {
    const mysql = services.mysql!;
    expect(mysql.image).toMatch(/^mysql:8/);
    const volume = mysql.volumes?.[0]?.split(':')[0];
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(mysql.healthcheck?.test.join(' ')).toContain('mysqladmin');
    expect(services.api!.depends_on?.mysql?.condition).toBe('service_healthy');
  });

  it('passes the API only variables the API reads, all documented in .env.example', () => {
    const source = apiSource();
    const env = services.api!.environment ?? {};
    for (const name of Object.keys(env)) {
      expect({ name, read: new RegExp(`\\b${name}\\b`).test(source) }).toEqual({ name, read: true });
    }
    const referenced = read('docker-compose.yml').match(/\$\{([A-Z_]+)\}/g) ?? [];
    for (const ref of referenced) {
      const name = ref.slice(2, -1);
      expect({ name, documented: name in envExample }).toEqual({ name, documented: true });
    }
    expect(String(env.DATABASE_URL)).toMatch(/^mysql:\/\/.+@mysql:3306\//);
  });

  it('exposes the API port the server listens on to the proxy only, and health-checks readiness', () => {
    const api = services.api!;
    expect(api.environment?.PORT).toBe(3000);
    expect(api.expose).toEqual(['3000']);
    expect(api.ports).toBeUndefined(); // replicas cannot share a published port: the proxy has it
    expect(api.healthcheck?.test.join(' ')).toContain(API_ROUTES.ready);
  });

  it('runs two API replicas on one database and one SESSION_SECRET, migrated once before they start', () => {
    const api = services.api!;
    const migrate = services.migrate!;
    expect(api.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(api.environment?.SESSION_SECRET).toBe('${SESSION_SECRET}');
    expect(api.environment?.TRUST_PROXY).toBe('true'); // client IPs for the login limits come from nginx
    expect(migrate.environment?.DATABASE_URL).toBe(api.environment?.DATABASE_URL);
    expect(migrate.build).toEqual(api.build);
    expect(migrate.depends_on?.mysql?.condition).toBe('service_healthy');
    expect(api.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    const script = migrate.command?.at(-1) ?? '';
    expect(script).toBe('api/dist/database/migrate.js');
    expect(statSync(join(root, script.replace('/dist/', '/src/').replace(/\.js$/, '.ts'))).isFile()).toBe(
      true,
    );
  });

  it("balances the replicas with nginx on the host's origin, re-reading their addresses", () => {
    const proxy = services.proxy!;
    const conf = read('deploy/nginx-api.conf');
    expect(proxy.image).toMatch(/^nginx:/);
    expect(proxy.volumes).toContain('./deploy/nginx-api.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(proxy.depends_on?.api?.condition).toBe('service_healthy');
    expect(proxy.healthcheck?.test.join(' ')).toContain(API_ROUTES.ready);
    expect(conf).toMatch(new RegExp(`server api:${services.api!.environment?.PORT} resolve;`));
    expect(conf).toMatch(/resolver 127\.0\.0\.11/); // Docker's DNS
    expect(conf).toContain('proxy_pass http://api;');
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For/);
    expect(conf).toMatch(/proxy_next_upstream [^;]*http_503/);
    const [, size] = /client_max_body_size (\d+)m;/.exec(conf) ?? [];
    expect(Number(size) * 1024 * 1024).toBeGreaterThanOrEqual(BACKUP_MAX_BYTES);
  });

  it('serves each remote from its own origin, matching the manifest URLs the host is given', () => {
    const publicPort = services['public-remote']!.ports?.[0]?.split(':')[0];
    const adminPort = services['admin-remote']!.ports?.[0]?.split(':')[0];
    expect(publicPort).not.toBe(adminPort);
    expect(envExample.PUBLIC_REMOTE_URL).toBe(`http://localhost:${publicPort}/mf-manifest.json`);
    expect(envExample.ADMIN_REMOTE_URL).toBe(`http://localhost:${adminPort}/mf-manifest.json`);
    expect(services['public-remote']!.build?.args?.REMOTE).toBe('public-remote');
    expect(services['admin-remote']!.build?.args?.REMOTE).toBe('admin-remote');
  });

  it("lets the remotes' origins accept the host's origin, where the proxy is published", () => {
    const [published] = services.proxy!.ports?.[0]?.split(':') ?? [];
    expect(envExample.HOST_ORIGIN).toBe(`http://localhost:${published}`);
    for (const remote of ['public-remote', 'admin-remote']) {
      expect(services[remote]!.environment?.HOST_ORIGIN).toBe('${HOST_ORIGIN}');
    }
  });

  it('commits no secrets: every password in .env.example is a placeholder', () => {
    for (const [name, value] of Object.entries(envExample)) {
      if (/PASSWORD|SECRET|KEY/.test(name)) expect(value === '' || value.startsWith('change-me')).toBe(true);
    }
  });
});

describe('Dockerfiles', () => {
  it('builds the API in stages on Node 22 and runs it as a non-root user', () => {
    const dockerfile = read('Dockerfile');
    const stages = dockerfile.match(/^FROM .+$/gm) ?? [];
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage).toMatch(/^FROM node:22/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain(API_ROUTES.health);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
    expect(dockerfile).toMatch(/^CMD \["node", .*"api\/dist\/main\.js"\]$/m);
  });

  it('puts the syntax directive first, where BuildKit reads it', () => {
    for (const file of ['Dockerfile', 'deploy/remote.Dockerfile']) {
      const lines = read(file).split('\n');
      expect({ file, first: lines[0] }).toEqual({ file, first: '# syntax=docker/dockerfile:1' });
    }
  });

  it('copies every workspace manifest before npm ci, so the install layer caches', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const file of ['Dockerfile', 'deploy/remote.Dockerfile']) {
      const text = read(file);
      for (const ws of workspaces) expect(text).toContain(`COPY ${ws}/package.json ${ws}/`);
    }
  });

  it('serves remotes with revalidated entry points and immutable hashed chunks', () => {
    const conf = read('deploy/nginx-remote.conf');
    expect(conf).toMatch(/mf-manifest\\\.json\|mf-stats\\\.json\|remoteEntry\\\.js[\s\S]*no-cache/);
    expect(conf).toContain('max-age=31536000, immutable');
    expect(conf).toContain('Access-Control-Allow-Origin "${HOST_ORIGIN}"');
  });
});
