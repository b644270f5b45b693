import { Controller, Get, Header, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { API_ROUTES } from '@friends/shared';
import { DataSource } from 'typeorm';
import { NoReadLimit } from '../auth/access.decorators';
import { DATABASE_UNAVAILABLE } from '../common/error-response';

export const SCHEMA_NOT_MIGRATED = 'The database schema is not up to date. Run npm run migrate.';

/** Probes answer whatever a client's read count: a load balancer must always get its answer. */
@Controller()
@NoReadLimit()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Liveness: the process answers. */
  @Get(API_ROUTES.health)
  @Header('Cache-Control', 'no-store')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the database answers, and every migration this build knows has been applied. */
  @Get(API_ROUTES.ready)
  @Header('Cache-Control', 'no-store')
  async ready(): Promise<{ status: 'ready' }> {
    let applied: Set<string>;
    try {
      if (!this.dataSource.isInitialized) throw new Error('not connected');
      const table = this.dataSource.options.migrationsTableName ?? 'migrations';
      const rows = (await this.dataSource.query(`SELECT name FROM ${table}`)) as { name: string }[];
      applied = new Set(rows.map((row) => row.name));
    } catch {
      throw new ServiceUnavailableException(DATABASE_UNAVAILABLE);
    }
    const known = this.dataSource.migrations.map((m) => m.name ?? m.constructor.name);
    if (known.some((name) => !applied.has(name))) throw new ServiceUnavailableException(SCHEMA_NOT_MIGRATED);
    return { status: 'ready' };
  }
}
