import { Injectable, Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { BACKUP_MAX_BYTES, BACKUP_ROUTES } from '@friends/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { BackupController } from './backup.controller';
import { BackupService } from './backup.service';

/**
 * Raises the body limit of POST /api/backup alone (a backup is megabytes; every other route keeps the
 * API's small limit). Nest has no decorator for Fastify's per-route bodyLimit, so this adds it when the
 * route is registered: providers are built before Nest registers the routes.
 */
@Injectable()
export class BackupBodyLimit {
  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (route.url === BACKUP_ROUTES.backup && methods.includes('POST')) route.bodyLimit = BACKUP_MAX_BYTES;
    });
  }
}

@Module({
  controllers: [BackupController],
  providers: [BackupService, BackupBodyLimit],
})
export class BackupModule {}
