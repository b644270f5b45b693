import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AggregateCache } from './aggregate-cache.service';
import { DATA_VERSION_POLL_MS, readAnswerVersions } from './data-version';
import { TransactionRunner } from './transaction-runner.service';

/**
 * Tells this replica's cache about writes made by other replicas: the few rows of `answer_versions`
 * (one per table ever written) read every DATA_VERSION_POLL_MS; the answers reading a table whose
 * version moved are dropped. While the database cannot be read, nothing cached is trusted.
 */
@Injectable()
export class DataVersionPoller implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private failing = false;
  private readonly log = new Logger('DataVersion');

  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.poll();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Reads the versions once, then schedules the next read (never two at once). */
  async poll(): Promise<void> {
    try {
      this.cache.observe(await this.tx.read(readAnswerVersions));
      if (this.failing) this.log.log('answer versions readable again');
      this.failing = false;
    } catch (error) {
      this.cache.observe(null);
      if (!this.failing) this.log.warn(`cannot read the answer versions: ${String(error)}`);
      this.failing = true;
    }
    if (!this.stopped) {
      this.timer = setTimeout(() => void this.poll(), DATA_VERSION_POLL_MS);
      this.timer.unref();
    }
  }
}
