import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../config/configuration';
import { TooManyRequests } from '../common/too-many-requests';
import { AggregateCache } from '../database/aggregate-cache.service';
import { CardsService } from './cards.service';
import type { ShareReader } from './share-reader.service';

/** A reader whose creators answer once the test lets them (`hold`, then `release`), so requests can meet. */
function heldReader() {
  let gate = Promise.resolve();
  let open = (): void => {};
  const reader = {
    creator: async (id: number) => {
      await gate;
      return { id, name: `Creator ${id}`, videos: 1, collaborations: 0, collaborators: 0 };
    },
  };
  return {
    reader: reader as unknown as ShareReader,
    hold: () => {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release: () => open(),
  };
}

const drawsPerMinute = (cardDrawsPerMinute: number, warmCards = false) =>
  ({
    get: () => ({ cardDrawsPerMinute, warmCards, shrinkCards: false }),
  }) as unknown as ConfigService<AppConfig, true>;

const isPng = (body: Buffer) => body.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));

const OVER = '198.51.100.7';
const WITHIN = '203.0.113.9';

describe('CardsService: draws counted per address', () => {
  const cache = new AggregateCache();
  const closing: CardsService[] = [];
  afterAll(async () => {
    for (const cards of closing) await cards.onApplicationShutdown();
    await cache.onModuleDestroy();
  });

  // Draws are counted per clock minute: the clock stands still here, so the test's draws (the first
  // takes about a second in the card process) cannot fall on both sides of a minute's end.
  beforeEach(() => {
    jest.useFakeTimers({
      now: new Date('2026-01-01T00:00:30Z'),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
  });
  afterEach(() => jest.useRealTimers());

  it('refuses a new card to the address over its count alone, not to one that asked for it meanwhile', async () => {
    const { reader, hold, release } = heldReader();
    const cards = new CardsService(reader, cache, drawsPerMinute(1));
    closing.push(cards);
    expect(isPng(await cards.creatorCard(1, OVER))).toBe(true);

    // The address over its count asks first; the other's request shares that computation.
    hold();
    const refused = cards.creatorCard(2, OVER);
    const shared = cards.creatorCard(2, WITHIN);
    release();
    await expect(refused).rejects.toBeInstanceOf(TooManyRequests);
    expect(isPng(await shared)).toBe(true);

    // The card was drawn on the second address's count, which is now spent too.
    await expect(cards.creatorCard(3, WITHIN)).rejects.toBeInstanceOf(TooManyRequests);
    // and kept: asked again, by anyone, it is no draw.
    expect(isPng(await cards.creatorCard(2, OVER))).toBe(true);
  });
});

describe('CardsService: the warm-up card', () => {
  it('says nothing when a stop right after the start refuses it', async () => {
    const cache = new AggregateCache();
    const cards = new CardsService(heldReader().reader, cache, drawsPerMinute(1, true));
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      cards.onApplicationBootstrap();
      await cards.onApplicationShutdown();
      expect(await cards.warmedUp).toBe(false);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      await cache.onModuleDestroy();
    }
  });
});
