import { Logger } from '@nestjs/common';
import { AggregateCache } from './aggregate-cache.service';
import { DataVersionPoller } from './data-version-poller.service';
import type { TransactionRunner } from './transaction-runner.service';

describe('DataVersionPoller', () => {
  it('keeps answers while the versions they read stay, drops them when one moves or cannot be read, and recovers', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const cache = new AggregateCache();
    let database: Map<string, number> | Error = new Map([['creators', 7]]);
    const tx = {
      read: async () => {
        if (database instanceof Error) throw database;
        return database;
      },
    } as unknown as TransactionRunner;
    const poller = new DataVersionPoller(tx, cache);
    poller.onModuleDestroy(); // polls below are made by hand, none scheduled
    let computed = 0;
    const answer = async () => String(await cache.json('k', async () => ++computed));

    await poller.poll();
    expect(await answer()).toBe('1');
    await poller.poll();
    expect(await answer()).toBe('1'); // same version: kept
    database = new Map([
      ['creators', 7],
      ['suggestions', 8],
    ]); // another replica took a suggestion
    await poller.poll();
    expect(await answer()).toBe('1');
    database = new Map([
      ['creators', 9],
      ['suggestions', 8],
    ]); // and wrote a creator
    await poller.poll();
    expect(await answer()).toBe('2');
    database = new Error('connect ECONNREFUSED');
    await poller.poll();
    expect(await answer()).toBe('3'); // nothing kept from before the outage
    database = new Map([['creators', 9]]);
    await poller.poll();
    expect(await answer()).toBe('4'); // nor from during it
    await poller.poll();
    expect(await answer()).toBe('4');
  });
});
