/**
 * No Docker engine runs on the development machines, so this checks docker-compose.yml and the
 * Dockerfiles against what the code actually reads: service names, ports, environment variables,
 * healthcheck endpoints and cache headers.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { API_ROUTES } from '@friends/shared';

const root = join(__dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  image?: string;
  environment?: Record<string, string | number>;
  ports?: string[];
  volumes?: string[];
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

describe('docker-compose.yml', () => {
  it('has MySQL, the API and each remote as its own service', () => {
    expect(Object.keys(services).sort()).toEqual(['admin-remote', 'api', 'mysql', 'public-remote']);
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

  it('publishes the API port the server listens on and health-checks the readiness endpoint', () => {
    const api = services.api!;
    expect(api.environment?.PORT).toBe(3000);
    expect(api.ports).toContain('3000:3000');
    expect(api.healthcheck?.test.join(' ')).toContain(API_ROUTES.ready);
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
    expect(dockerfile).toContain('CMD ["node", "api/dist/main.js"]');
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
