import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import type { StaticConfig } from '../config/configuration';

/** The production bundles and where each is served (docs/architecture.md "Commands"). */
export const BUNDLES = [
  { folder: 'host/dist', prefix: '/' },
  { folder: 'public-remote/dist', prefix: '/remotes/public/' },
  { folder: 'admin-remote/dist', prefix: '/remotes/admin/' },
] as const;

const REVALIDATE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Entry points must be revalidated so a deploy is picked up at once (mf-manifest.json,
 * remoteEntry.js, HTML); every other file name carries a content hash, so it never changes.
 */
export function cacheControlFor(path: string): string {
  const name = basename(path);
  return name === 'mf-manifest.json' ||
    name === 'mf-stats.json' ||
    name === 'remoteEntry.js' ||
    name.endsWith('.html')
    ? REVALIDATE
    : IMMUTABLE;
}

/**
 * Serves each bundle's dist folder. Files are looked up per request (`wildcard: true`), not listed once
 * at start, so a rebuilt or redeployed bundle (new hashed chunk names) is served without a restart; a
 * folder missing at start is logged and answers 404 until it is deployed.
 */
export async function registerBundles(
  app: NestFastifyApplication,
  config: StaticConfig,
  logger: Logger,
): Promise<void> {
  let first = true;
  for (const bundle of BUNDLES) {
    const root = join(config.bundlesDir, bundle.folder);
    if (!existsSync(root)) {
      logger.warn(`${root} is missing: ${bundle.prefix} answers 404 until it is built (npm run build)`);
    }
    await app.register(fastifyStatic, {
      root,
      prefix: bundle.prefix,
      decorateReply: first,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        void reply.header('Cache-Control', cacheControlFor(path));
      },
    });
    first = false;
  }
}
