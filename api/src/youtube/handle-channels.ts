/**
 * The YouTube channel behind each @handle a credit gives, asked before a creator is made from the handle
 * (a handle is not a name: "@deltadancer" is the channel "Delta Dancer"). One channels.list call per
 * handle, outside any write transaction; without a key, or when YouTube cannot be reached, the answer
 * says so and the caller keeps the handle as it is.
 */
import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@friends/shared';
import { mapWithConcurrency } from './concurrency';
import { YouTubeClient, type YouTubeChannel } from './youtube-client';
import { YouTubeError } from './youtube-errors';

/** Lookups in flight at once: a whole import's handles at one call each. */
const LOOKUP_CONCURRENCY = 4;

export interface HandleChannelAnswers {
  /** By handle, lowercased: the channel, or null when YouTube knows no channel of that handle. */
  channels: Map<string, YouTubeChannel | null>;
  /** Why some handles were not looked up (no key, YouTube unreachable); null when all were. */
  problem: string | null;
}

/** The answers before any lookup: nothing known, nothing wrong. */
export const NO_HANDLE_ANSWERS: HandleChannelAnswers = { channels: new Map(), problem: null };

/** The channel answered for a handle (undefined when it was not asked or could not be). */
export function channelOfHandle(
  answers: HandleChannelAnswers,
  handle: string | null,
): YouTubeChannel | null | undefined {
  return handle ? answers.channels.get(handle.toLowerCase()) : undefined;
}

@Injectable()
export class HandleChannels {
  constructor(private readonly client: YouTubeClient) {}

  async lookUp(handles: Iterable<string>): Promise<HandleChannelAnswers> {
    const wanted = [...new Set([...handles].map((h) => h.replace(/^@/, '').toLowerCase()))].filter(Boolean);
    const channels = new Map<string, YouTubeChannel | null>();
    if (wanted.length === 0) return { channels, problem: null };
    if (!this.client.hasKey) return { channels, problem: MESSAGES.handlesKeptNoKey };
    let unreachable = false;
    await mapWithConcurrency(wanted, LOOKUP_CONCURRENCY, async (handle) => {
      if (unreachable) return;
      try {
        channels.set(handle, await this.client.channelForHandle(handle));
      } catch (err) {
        // A refused key or a spent quota leaves the handle as unresolved as a dropped connection.
        if (!(err instanceof YouTubeError)) throw err;
        unreachable = true;
      }
    });
    return { channels, problem: unreachable ? MESSAGES.handlesKeptUnreachable : null };
  }
}
