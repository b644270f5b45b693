import { Injectable, Module } from '@nestjs/common';

/** Facts about the database learned while connecting. */
@Injectable()
export class DatabaseState {
  /** The SQLite file did not exist before this start (or it is in memory). */
  createdFresh = false;
}

@Module({ providers: [DatabaseState], exports: [DatabaseState] })
export class DatabaseStateModule {}
