import { existsSync } from 'node:fs';
import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config/configuration';
import { AggregateCache } from './aggregate-cache.service';
import { DataVersionPoller } from './data-version-poller.service';
import { dataSourceOptions } from './data-source-options';
import { DatabaseState, DatabaseStateModule } from './database-state';
import { TransactionRunner } from './transaction-runner.service';
import { SearchIndexMerges } from './search-index-merges';
import { WalCheckpoints } from './wal-checkpoints';
import { SearchThreads } from '../search-threads/search-threads.service';

@Global()
@Module({
  imports: [
    DatabaseStateModule,
    TypeOrmModule.forRootAsync({
      imports: [DatabaseStateModule],
      inject: [ConfigService, DatabaseState],
      useFactory: (config: ConfigService<AppConfig, true>, state: DatabaseState) => {
        const database = config.get('database', { infer: true });
        state.createdFresh =
          database.type === 'sqlite' && (database.path === ':memory:' || !existsSync(database.path));
        return {
          ...dataSourceOptions(database),
          autoLoadEntities: true,
          migrationsRun: true,
          // MySQL may still be starting (docker compose); a SQLite file either opens or it does not.
          retryAttempts: database.type === 'mysql' ? 10 : 0,
          retryDelay: 3000,
        };
      },
    }),
  ],
  providers: [
    AggregateCache,
    WalCheckpoints,
    SearchIndexMerges,
    TransactionRunner,
    DataVersionPoller,
    SearchThreads,
  ],
  exports: [AggregateCache, TransactionRunner, SearchThreads, DatabaseStateModule],
})
export class DatabaseModule {}
