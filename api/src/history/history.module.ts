import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuthModule } from '../auth/auth.module';
import { ActorInterceptor } from './actor-context';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';

/** Global: every module that writes records its changes through HistoryService. */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [HistoryController],
  providers: [HistoryService, { provide: APP_INTERCEPTOR, useClass: ActorInterceptor }],
  exports: [HistoryService],
})
export class HistoryModule {}
