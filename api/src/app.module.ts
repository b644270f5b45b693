import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { ThrottlerModule } from '@nestjs/throttler';
import { AuthModule } from './auth/auth.module';
import { DatabaseThrottlerStorage } from './auth/database-throttler-storage';
import { THROTTLE_MESSAGE_KEY } from './auth/access.decorators';
import { AvatarModule } from './avatar/avatar.module';
import { BackupModule } from './backup/backup.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { GracefulShutdown } from './common/graceful-shutdown';
import { configNamespaces, type AppConfig } from './config/configuration';
import { ChangesModule } from './changes/changes.module';
import { CountsModule } from './counts/counts.module';
import { CreatorsModule } from './creators/creators.module';
import { DatabaseModule } from './database/database.module';
import { TransactionRunner } from './database/transaction-runner.service';
import { EventsModule } from './events/events.module';
import { GroupsModule } from './groups/groups.module';
import { HealthModule } from './health/health.module';
import { HistoryModule } from './history/history.module';
import { QueriesModule } from './queries/queries.module';
import { SeedModule } from './seed/seed.module';
import { PublicApiModule } from './public-api/public-api.module';
import { ShareModule } from './share/share.module';
import { SiteModule } from './site/site.module';
import { SuggestionsModule } from './suggestions/suggestions.module';
import { VideosModule } from './videos/videos.module';
import { ReviewModule } from './review/review.module';
import { YouTubeModule } from './youtube/youtube.module';

const MINUTE_MS = 60_000;

@Module({})
export class AppModule {
  /** The whole API for one validated configuration (see loadConfiguration). */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: configNamespaces(config) }),
        ThrottlerModule.forRootAsync({
          inject: [ConfigService, TransactionRunner],
          useFactory: (settings: ConfigService<AppConfig, true>, runner: TransactionRunner) => {
            const auth = settings.get('auth', { infer: true });
            return {
              // Applied only where a route uses ThrottlerGuard (suggestions; logins are limited by
              // LoginLimits). Counted in the database, so that the replicas share one limit.
              throttlers: [{ name: 'suggestions', ttl: MINUTE_MS, limit: auth.suggestionLimitPerMinute }],
              storage: new DatabaseThrottlerStorage(runner),
              errorMessage: (context) =>
                (Reflect.getMetadata(THROTTLE_MESSAGE_KEY, context.getHandler()) as string | undefined) ??
                'Too many requests. Try again in a minute.',
            };
          },
        }),
        DatabaseModule,
        CountsModule,
        ChangesModule,
        SeedModule,
        AuthModule,
        HistoryModule,
        CreatorsModule,
        VideosModule,
        GroupsModule,
        EventsModule,
        YouTubeModule,
        ReviewModule,
        QueriesModule,
        SuggestionsModule,
        AvatarModule,
        BackupModule,
        HealthModule,
        SiteModule,
        ShareModule,
        PublicApiModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }, GracefulShutdown],
    };
  }
}
