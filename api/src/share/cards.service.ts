import {
  BadRequestException,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  GROUP_MESSAGES,
  PAIR_MUST_DIFFER,
  SHARE_MESSAGES,
  addDays,
  countInWords,
  utcDay,
  type CreatorPreviewCounts,
} from '@friends/shared';
import type { AppConfig } from '../config/configuration';
import { sameEtag } from '../common/http-caching';
import { trimToLimit } from '../common/oldest-first';
import { TooManyRequests } from '../common/too-many-requests';
import { CREATOR_NOT_FOUND } from '../creators/creators.service';
import { AggregateCache } from '../database/aggregate-cache.service';
import { ReadLimiter } from '../public-api/read-limiter';
import type { CardContent } from './card';
import { CardDrawer } from './card-drawer';
import { CardShrinker } from './card-shrinker';
import { SUMMARY_READS, ShareReader, type GroupSummary } from './share-reader.service';

/** Cards kept at most; a card is about 30–45 KB as drawn, a third of that once made smaller. */
const MAX_CARDS = 300;
/** How often a request that shared another address's refused draw asks again before it is refused too. */
const SHARED_REFUSAL_ATTEMPTS = 3;

export function creatorCardLines(counts: CreatorPreviewCounts): string[] {
  return [
    `${countInWords(counts.videos, 'video')} · ${countInWords(counts.collaborations, 'collaboration')}`,
    `${countInWords(counts.collaborators, 'collaborator')}`,
  ];
}

export function groupCardLines(group: GroupSummary): string[] {
  return [
    `${group.kindLabel} · ${countInWords(group.members, 'member')} today`,
    `${countInWords(group.collaborations, 'collaboration')} by its members`,
  ];
}

/**
 * A card as drawn, by what it shows. `png` becomes its palette form once made smaller; both forms
 * carry the drawn PNG's ETag (`sameEtag`).
 */
interface Drawing {
  png: Buffer;
  /** Set once the card was sent: true when `png` is now the smaller form. */
  shrinking?: Promise<boolean>;
}

/**
 * What the warm-up draws: a name in the always-loaded fonts, the layout of a real card. Nothing of it is
 * kept or served.
 */
const WARM_UP_CARD: CardContent = {
  people: [{ name: 'Warm Up' }],
  title: 'Warm Up',
  lines: ['1 video · 1 collaboration', '1 collaborator'],
};

/**
 * Card images. Each address's PNG is a cached answer (kept, replayed, never compressed again) until a
 * write changes what cards read; the drawings themselves are kept by what they show: after a write the
 * summary is read again (cheap), and a card whose name and counts did not change is the same PNG with
 * the same ETag, so it is neither redrawn nor downloaded again.
 *
 * A card goes out as drawn; then (SHRINK_CARDS) its palette form is made off the request path
 * (CardShrinker) and put in place of the kept answer and its replays. The ETag stays the drawn PNG's:
 * a weak ETag names the answer, not its bytes (as for a JSON answer in br, gzip or none), so a client
 * or CDN holding either form gets its 304, and every replica, whichever form it holds, names the card
 * alike (the drawing and the quantising are deterministic).
 */
@Injectable()
export class CardsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CardsService.name);
  private readonly drawn = new Map<string, Promise<Drawing>>();
  private readonly drawer = new CardDrawer();
  /**
   * The draws each client address has caused this minute, on this replica. A kept card is a replay and
   * costs nothing, but a card that must be drawn costs 50–300 ms of CPU, a few hundred times a read: the
   * public read limit alone would let one address keep the card process, a core, drawing for itself.
   */
  private readonly draws = new ReadLimiter();
  private readonly drawsPerMinute: number;
  private readonly warm: boolean;
  private readonly shrinker: CardShrinker | null;
  /** Cards being made smaller (see `shrunk`). */
  private readonly shrinks = new Set<Promise<unknown>>();
  /**
   * The start's warm-up draw: true once drawn, false when it failed or WARM_CARDS is off. The first
   * card the card process draws pays its start-up (satori's layout engine and resvg load, the fonts are
   * parsed: about half a second); the warm-up pays it once the server has started instead. A process
   * that ended idle (CardDrawer) starts again with the next card.
   */
  warmedUp: Promise<boolean> = Promise.resolve(false);
  private stopping = false;

  constructor(
    private readonly reader: ShareReader,
    private readonly cache: AggregateCache,
    config: ConfigService<AppConfig, true>,
  ) {
    const share = config.get('share', { infer: true });
    this.warm = share.warmCards;
    this.drawsPerMinute = share.cardDrawsPerMinute;
    this.shrinker = share.shrinkCards ? new CardShrinker() : null;
  }

  onApplicationBootstrap(): void {
    if (!this.warm) return;
    // Started once the start-up's own work is done; it takes a draw's turn like any card.
    this.warmedUp = new Promise<void>((next) => setImmediate(next))
      .then(() => this.drawer.draw(WARM_UP_CARD))
      .then(
        () => true,
        (error: unknown) => {
          // A stop soon after the start refuses it: nothing failed then.
          if (!this.stopping) this.logger.warn(`Card warm-up failed: ${String(error)}`);
          return false;
        },
      );
  }

  /** A stop ends the card process (a card not drawn yet is refused) and the shrinking. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.drawer.close();
    await this.warmedUp;
    await this.shrinker?.close();
  }

  /** Resolves once every card sent so far has been made smaller and put in place (or left as drawn). */
  async shrunk(): Promise<void> {
    while (this.shrinks.size > 0) await Promise.all([...this.shrinks]);
  }

  /** `client`: the address asking, which a draw is counted against (see `draws`). */
  creatorCard(id: number, client: string): Promise<Buffer> {
    return this.kept(`creator:${id}`, () => this.drawCreator(id, client));
  }

  pairCard(a: number, b: number, client: string): Promise<Buffer> {
    return this.kept(`pair:${a}-${b}`, () => this.drawPair(a, b, client));
  }

  leaderboardCard(client: string): Promise<Buffer> {
    return this.kept('leaderboard', () => this.drawLeaderboard(client));
  }

  /** Says who is a member today, so it is kept until midnight UTC at most. */
  groupCard(id: number, client: string): Promise<Buffer> {
    const today = utcDay();
    return this.kept(
      `group:${id} ${today}`,
      async () => {
        const group = await this.reader.group(id, today);
        if (!group) throw new NotFoundException(GROUP_MESSAGES.notFound);
        const content = { people: [{ name: group.name }], title: group.name, lines: groupCardLines(group) };
        return this.draw(content, client);
      },
      Date.parse(`${addDays(today, 1)}T00:00:00Z`),
    );
  }

  /**
   * The card under `key`, drawn by `draw` when it is not kept. Requests for a card nobody keeps share
   * its one computation; one refused for its address's draws (429) is refused to that address alone:
   * a request that shared it asks again on its own count, a few times at most.
   */
  private async kept(key: string, draw: () => Promise<Drawing>, expiresAt?: number): Promise<Buffer> {
    for (let attempt = 1; ; attempt++) {
      let ownDraw = false;
      try {
        return await this.keptOnce(
          key,
          () => {
            ownDraw = true;
            return draw();
          },
          expiresAt,
        );
      } catch (error) {
        if (ownDraw || !(error instanceof TooManyRequests) || attempt >= SHARED_REFUSAL_ATTEMPTS) throw error;
      }
    }
  }

  private async keptOnce(key: string, draw: () => Promise<Drawing>, expiresAt?: number): Promise<Buffer> {
    const cacheKey = `card ${key}`;
    let drawing: Drawing | undefined;
    let served: Buffer | undefined;
    const body = await this.cache.buffer(
      cacheKey,
      async () => {
        drawing = await draw();
        return (served = drawing.png);
      },
      { reads: SUMMARY_READS, compress: false, expiresAt },
    );
    // Only the request that computed the answer (not those that shared it) hands it on.
    if (drawing && served) this.shrinkLater(cacheKey, body, drawing, served);
    return body;
  }

  /** Once `drawing` is made smaller (once per drawing), its smaller form replaces `body` in the cache. */
  private shrinkLater(cacheKey: string, body: Buffer, drawing: Drawing, served: Buffer): void {
    const shrinker = this.shrinker;
    if (!shrinker) return;
    const shrinking = (drawing.shrinking ??= shrinker.shrink(served).then((smaller) => {
      // Not tried (the queue was full): the next time the card is computed hands it on again.
      if (smaller === undefined && drawing.shrinking === shrinking) drawing.shrinking = undefined;
      if (!smaller) return false;
      drawing.png = sameEtag(served, smaller);
      return true;
    }));
    const done = shrinking.then((shrunk) => {
      if (shrunk && drawing.png !== served) this.cache.replace(cacheKey, body, drawing.png);
    });
    this.shrinks.add(done);
    void done.finally(() => this.shrinks.delete(done));
  }

  private async drawCreator(id: number, client: string): Promise<Drawing> {
    const creator = await this.reader.creator(id);
    if (!creator) throw new NotFoundException(CREATOR_NOT_FOUND);
    return this.draw(
      { people: [{ name: creator.name }], title: creator.name, lines: creatorCardLines(creator) },
      client,
    );
  }

  private async drawPair(a: number, b: number, client: string): Promise<Drawing> {
    const pair = await this.reader.pair(a, b);
    if (!pair) throw new NotFoundException(CREATOR_NOT_FOUND);
    if (pair.a.id === pair.b.id) throw new BadRequestException(PAIR_MUST_DIFFER);
    return this.draw(
      {
        people: [{ name: pair.a.name }, { name: pair.b.name }],
        title: `${pair.a.name} & ${pair.b.name}`,
        lines: [`${countInWords(pair.videos, 'video')} together`],
      },
      client,
    );
  }

  private async drawLeaderboard(client: string): Promise<Drawing> {
    const board = await this.reader.leaderboard();
    return this.draw(
      {
        people: [],
        title: 'Collaboration Leaderboard',
        lines: [
          `${countInWords(board.creators, 'creator')} · ${countInWords(board.collaborations, 'collaboration')}`,
          ...(board.top.length ? [`Top: ${board.top.join(', ')}`] : []),
        ],
      },
      client,
    );
  }

  /**
   * The drawing of `content`: the one kept when it shows the same, else a new draw counted against
   * `client` (429 past CARD_DRAW_RATE_LIMIT a minute, nothing drawn).
   */
  private draw(content: CardContent, client: string): Promise<Drawing> {
    const key = JSON.stringify(content);
    let card = this.drawn.get(key);
    if (card) {
      this.drawn.delete(key);
      this.drawn.set(key, card);
      return card;
    }
    const budget = this.draws.hit(client, this.drawsPerMinute);
    if (!budget.allowed)
      return Promise.reject(new TooManyRequests(SHARE_MESSAGES.cardDrawsLimited, budget.resetSeconds));
    card = this.drawer.draw(content).then((png) => ({ png }));
    this.drawn.set(key, card);
    card.catch(() => this.drawn.delete(key));
    trimToLimit(this.drawn, MAX_CARDS);
    return card;
  }
}
