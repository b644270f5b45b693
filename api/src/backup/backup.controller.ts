import { Controller, Get, Header, Post, Res } from '@nestjs/common';
import {
  BACKUP_MAX_BYTES,
  BACKUP_ROUTES,
  backupFileName,
  type BackupData,
  type BackupImportResult,
} from '@friends/shared';
import type { FastifyReply } from 'fastify';
import { AdminOnly, BodyStream, StreamedBody } from '../auth/access.decorators';
import type { BodyChunks } from '../common/request-limits';
import { BackupService } from './backup.service';

const attachment = (reply: FastifyReply, fileName: string) =>
  void reply.header('Content-Disposition', `attachment; filename="${fileName}"`);

/** Admin-only backups: the whole data set as JSON (and CSV views), and its import into an empty database. */
@Controller()
@AdminOnly()
export class BackupController {
  constructor(private readonly backup: BackupService) {}

  @Get(BACKUP_ROUTES.backup)
  @Header('Cache-Control', 'no-store')
  export(@Res({ passthrough: true }) reply: FastifyReply): Promise<BackupData> {
    attachment(reply, backupFileName(new Date(), 'json'));
    return this.backup.export();
  }

  @Get(BACKUP_ROUTES.videosCsv)
  @Header('Cache-Control', 'no-store')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  videosCsv(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    attachment(reply, backupFileName(new Date(), 'videos'));
    return this.backup.videosCsv();
  }

  @Get(BACKUP_ROUTES.creatorsCsv)
  @Header('Cache-Control', 'no-store')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  creatorsCsv(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    attachment(reply, backupFileName(new Date(), 'creators'));
    return this.backup.creatorsCsv();
  }

  /**
   * 201 with what was written; 409 when the database holds anything; 400 naming the first problem.
   * The body is read as it arrives, and only once the admin gate has seen the session.
   */
  @Post(BACKUP_ROUTES.backup)
  @StreamedBody(BACKUP_MAX_BYTES)
  restore(@BodyStream() body: BodyChunks): Promise<BackupImportResult> {
    return this.backup.restore(body);
  }
}
