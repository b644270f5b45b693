/**
 * The creators as collaborator detection needs them (id, name, aliases, handles), read once per request
 * and kept up to date as an import creates creators, plus "find or create" inside a write transaction.
 * Matching goes through aliases (a merge remembers the merged names), so a name merged away is never
 * re-created.
 */
import {
  nameMatchKey,
  normalizeName,
  parseHttpUrl,
  parseYouTubeChannelUrl,
  youtubeHandleFromUrl,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Change } from '../changes/change';
import { creatorIdByName } from '../creators/creator-reader';
import type { CreatorsService } from '../creators/creators.service';
import { int, rows } from '../database/sql';

export interface DirectoryCreator {
  id: number;
  name: string;
  aliases: string[];
  /** YouTube handles and Instagram usernames from the social links, without '@'. */
  handles: string[];
  /** YouTube channel ids (UC…) from the social links. */
  channelIds: string[];
  photo: string;
  /** The social links, in order. */
  links: string[];
}

/** Identities of links already parsed: every import request loads the directory, ~15,000 links at 10,000 creators. */
const identities = new Map<string, { handle?: string; channelId?: string }>();
const MAX_IDENTITIES = 100_000;

function cachedLinkIdentity(url: string): { handle?: string; channelId?: string } {
  let identity = identities.get(url);
  if (!identity) {
    if (identities.size >= MAX_IDENTITIES) identities.clear();
    identity = linkIdentity(url);
    identities.set(url, identity);
  }
  return identity;
}

/** The handle or channel id a social link names, for matching; Instagram usernames count as handles. */
export function linkIdentity(url: string): { handle?: string; channelId?: string } {
  const youtube = youtubeHandleFromUrl(url);
  if (youtube) return { handle: youtube };
  const target = parseYouTubeChannelUrl(url);
  if (target?.kind === 'channelId') return { channelId: target.id };
  const parsed = parseHttpUrl(url);
  if (parsed && /(^|\.)instagram\.com$/i.test(parsed.hostname)) {
    const first = parsed.pathname.split('/').filter(Boolean)[0];
    if (first && /^[A-Za-z0-9._]+$/.test(first)) return { handle: first };
  }
  return {};
}

/** A creator's names (name, then aliases) normalised and as match keys, and its handles lowercased. */
interface CreatorKeys {
  names: string[];
  matchKeys: string[];
  handles: string[];
}

export class CreatorDirectory {
  /**
   * Keys computed once per creator: every imported video looks its channel and collaborators up among
   * all creators, and normalising each creator's names on every comparison cost ~30 ms per video at
   * 10,000 creators (bench: import of 500 went from 14.7 s to a few seconds).
   */
  private readonly keys = new WeakMap<DirectoryCreator, CreatorKeys>();

  private constructor(readonly creators: DirectoryCreator[]) {}

  private keysOf(creator: DirectoryCreator): CreatorKeys {
    let keys = this.keys.get(creator);
    if (!keys || keys.handles.length !== creator.handles.length) {
      const names = [creator.name, ...creator.aliases];
      keys = {
        names: names.map(normalizeName),
        matchKeys: names.map(nameMatchKey),
        handles: creator.handles.map((h) => h.toLowerCase()),
      };
      this.keys.set(creator, keys);
    }
    return keys;
  }

  static async load(manager: EntityManager): Promise<CreatorDirectory> {
    const creators = await rows<{ id: number; name: string; photo: string }>(
      manager,
      'SELECT id, name, photo FROM creators ORDER BY id',
    );
    const aliases = await rows<{ creator_id: number; name: string }>(
      manager,
      'SELECT creator_id, name FROM creator_aliases ORDER BY id',
    );
    const links = await rows<{ creator_id: number; url: string }>(
      manager,
      'SELECT creator_id, url FROM social_links ORDER BY creator_id, position',
    );
    const byId = new Map<number, DirectoryCreator>();
    for (const row of creators) {
      const id = int(row.id);
      byId.set(id, {
        id,
        name: row.name,
        aliases: [],
        handles: [],
        channelIds: [],
        photo: row.photo,
        links: [],
      });
    }
    for (const alias of aliases) byId.get(int(alias.creator_id))?.aliases.push(alias.name);
    for (const link of links) {
      const creator = byId.get(int(link.creator_id));
      if (creator) addLink(creator, link.url);
    }
    return new CreatorDirectory([...byId.values()]);
  }

  /**
   * The creator standing for a YouTube channel (docs/product.md §7 "Bulk import"): one linking to the channel's
   * id or handle, else one whose name or alias equals the channel title, case-insensitively, else equal
   * without spaces and dots.
   */
  channelCreator(channel: {
    id?: string;
    title: string;
    handle?: string | null;
  }): DirectoryCreator | undefined {
    const handle = channel.handle?.toLowerCase();
    const byLink = this.creators.find(
      (c) =>
        (channel.id && c.channelIds.includes(channel.id)) ||
        (handle && this.keysOf(c).handles.includes(handle)),
    );
    if (byLink) return byLink;
    const wanted = normalizeName(channel.title);
    if (!wanted) return undefined;
    const exact = this.creators.find((c) => this.keysOf(c).names.includes(wanted));
    if (exact) return exact;
    // 'OttoBrambleworth' and 'Otto Brambleworth' are one person (the shared matching key).
    const key = nameMatchKey(channel.title);
    return this.creators.find((c) => this.keysOf(c).matchKeys.includes(key));
  }

  /** The creator a credited name or handle stands for (name, alias, handle, or the same match key). */
  creatorNamed(name: string): DirectoryCreator | undefined {
    const wanted = normalizeName(name.replace(/^@/, ''));
    if (!wanted) return undefined;
    const key = nameMatchKey(wanted);
    return (
      this.creators.find((c) => this.keysOf(c).names.includes(wanted)) ??
      this.creators.find((c) => this.keysOf(c).handles.includes(wanted)) ??
      (key ? this.creators.find((c) => this.keysOf(c).matchKeys.includes(key)) : undefined)
    );
  }

  /**
   * Inside a write transaction: the creator whose name or alias is `name` (case-insensitively), or a new
   * one with the given photo and link, made by the creators service (its rules, one place). `created`
   * tells which. The directory learns the new creator.
   */
  async findOrCreate(
    change: Change,
    creators: CreatorsService,
    input: { name: string; url?: string; photo?: string },
  ): Promise<{ creator: DirectoryCreator; created: boolean }> {
    const name = input.name.trim();
    const nameKey = normalizeName(name);
    const known = this.creators.find((c) => this.keysOf(c).names.includes(nameKey));
    if (known) return { creator: known, created: false };
    // Another request may have created it since the directory was read.
    const existing = await creatorIdByName(change.manager, name);
    if (existing !== null) {
      const found = this.creators.find((c) => c.id === existing);
      if (found) return { creator: found, created: false };
    }

    const url = input.url?.trim() ?? '';
    const id = await creators.createWithin(change, {
      name,
      photo: input.photo ?? '',
      socialLinks: url ? [{ url }] : [],
    });
    const creator: DirectoryCreator = {
      id,
      name,
      aliases: [],
      handles: [],
      channelIds: [],
      photo: input.photo ?? '',
      links: [],
    };
    if (url) addLink(creator, url);
    this.creators.push(creator);
    return { creator, created: true };
  }

  /** Reads the creators again: others committed since (a concurrent import made the same people). */
  async refresh(manager: EntityManager): Promise<void> {
    const fresh = await CreatorDirectory.load(manager);
    this.creators.splice(0, this.creators.length, ...fresh.creators);
  }

  /** Forgets creators made inside a transaction that rolled back. */
  forget(ids: readonly number[]): void {
    for (const id of ids) {
      const index = this.creators.findIndex((c) => c.id === id);
      if (index >= 0) this.creators.splice(index, 1);
    }
  }
}

function addLink(creator: DirectoryCreator, url: string): void {
  creator.links.push(url);
  const { handle, channelId } = cachedLinkIdentity(url);
  if (handle) creator.handles.push(handle);
  if (channelId) creator.channelIds.push(channelId);
}
