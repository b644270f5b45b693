import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { PAIR_MUST_DIFFER, countInWords, type CreatorPreviewCounts } from '@friends/shared';
import { CREATOR_NOT_FOUND } from '../creators/creators.service';
import { drawCard, type CardContent } from './card';
import { ShareReader } from './share-reader.service';

/** Cards kept at most; a card is about 30 KB. */
const MAX_CARDS = 300;

export function creatorCardLines(counts: CreatorPreviewCounts): string[] {
  return [
    `${countInWords(counts.videos, 'video')} · ${countInWords(counts.collaborations, 'collaboration')}`,
    `${countInWords(counts.collaborators, 'collaborator')}`,
  ];
}

/**
 * Card images, kept by what they show rather than by write: after a write the summary is read again
 * (cheap), and a card whose name and counts did not change is the same PNG with the same ETag, so it is
 * neither redrawn nor downloaded again.
 */
@Injectable()
export class CardsService {
  private readonly drawn = new Map<string, Promise<Buffer>>();

  constructor(private readonly reader: ShareReader) {}

  async creatorCard(id: number): Promise<Buffer> {
    const creator = await this.reader.creator(id);
    if (!creator) throw new NotFoundException(CREATOR_NOT_FOUND);
    return this.draw({
      people: [{ name: creator.name }],
      title: creator.name,
      lines: creatorCardLines(creator),
    });
  }

  async pairCard(a: number, b: number): Promise<Buffer> {
    const pair = await this.reader.pair(a, b);
    if (!pair) throw new NotFoundException(CREATOR_NOT_FOUND);
    if (pair.a.id === pair.b.id) throw new BadRequestException(PAIR_MUST_DIFFER);
    return this.draw({
      people: [{ name: pair.a.name }, { name: pair.b.name }],
      title: `${pair.a.name} & ${pair.b.name}`,
      lines: [`${countInWords(pair.videos, 'video')} together`],
    });
  }

  async leaderboardCard(): Promise<Buffer> {
    const board = await this.reader.leaderboard();
    return this.draw({
      people: [],
      title: 'Collaboration Leaderboard',
      lines: [
        `${countInWords(board.creators, 'creator')} · ${countInWords(board.collaborations, 'collaboration')}`,
        ...(board.top.length ? [`Top: ${board.top.join(', ')}`] : []),
      ],
    });
  }

  private draw(content: CardContent): Promise<Buffer> {
    const key = JSON.stringify(content);
    let card = this.drawn.get(key);
    if (card) {
      this.drawn.delete(key);
      this.drawn.set(key, card);
      return card;
    }
    card = drawCard(content);
    this.drawn.set(key, card);
    card.catch(() => this.drawn.delete(key));
    while (this.drawn.size > MAX_CARDS) {
      const oldest = this.drawn.keys().next().value;
      if (oldest === undefined) break;
      this.drawn.delete(oldest);
    }
    return card;
  }
}
