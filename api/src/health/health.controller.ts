import { Controller, Get, Header, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { API_ROUTES } from '@friends/shared';
import { DataSource } from 'typeorm';
import { DATABASE_UNAVAILABLE } from '../common/error-response';

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Liveness: the process answers. */
  @Get(API_ROUTES.health)
  @Header('Cache-Control', 'no-store')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the database answers a query. */
  @Get(API_ROUTES.ready)
  @Header('Cache-Control', 'no-store')
  async ready(): Promise<{ status: 'ready' }> {
    try {
      if (!this.dataSource.isInitialized) throw new Error('not connected');
      await this.dataSource.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      throw new ServiceUnavailableException(DATABASE_UNAVAILABLE);
    }
  }
}
