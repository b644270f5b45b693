import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  MESSAGES,
  creatorExistsMessage,
  creatorEditSummary,
  quoted,
  storedName,
  normalizeName,
  normalizePhotoUrl,
  normalizeSocialLinks,
  linksWithChannel,
  normalizeOtherNames,
  otherNamesError,
  normalizeLinkUrl,
  channelTakenMessage,
  channelUrlKey,
  channelUrlNeedle,
  type ChannelOwner,
  type Creator,
  type SavedCreator,
  type SaveWarning,
  type CreatorListItem,
  type CreatorIds,
  type CreatorPage,
  type CreatorSearchScope,
  type DuplicateGroupPage,
  type SearchQuery,
  type BulkDeleteResult,
  type MessageResponse,
  type OtherName,
  type SocialLink,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/page-params';
import type { Change } from '../changes/change';
import { ChangesService } from '../changes/changes.service';
import { AggregateCache } from '../database/aggregate-cache.service';
import { CreatorCountsReader } from '../counts/creator-counts.service';
import { isUniqueViolation } from '../database/database-errors';
import { chunks, int, lockFor, missingIds, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { creatorScopes } from '../history/row-snapshot';
import { GroupsService } from '../groups/groups.service';
import { VideosService } from '../videos/videos.service';
import { CreatorAliasEntity } from './creator-alias.entity';
import { readCreators } from './creator-reader';
import { findDuplicateIdGroups } from './creator-duplicates';
import { SHORT_COUNT_BOUNDS, existingCreatorIds, searchCreatorIds, type ShortCount } from './creator-search';
import { readCreatorList, searchCreatorPage } from './creator-list';
import { SearchThreadLost, SearchThreads } from '../search-threads/search-threads.service';
import { CreatorEntity } from './creator.entity';
import { SocialLinkEntity } from './social-link.entity';
import type { CreateCreatorDto, MergeCreatorsDto, UpdateCreatorDto } from './dto/creator.dto';

import { CREATOR_NOT_FOUND } from './creator-messages';

export { CREATOR_NOT_FOUND };

interface PreparedCreator {
  name: string;
  nameKey: string;
  /** '' = use the generated avatar. */
  photo: string;
  links: SocialLink[];
  /**
   * Set when the input has no socialLinks: the channel it sent (trimmed, normalised; '' when blank) or
   * undefined. An update then keeps the stored links around it (shared linksWithChannel).
   */
  legacyChannel?: { channel: string | undefined };
  /** undefined: not given (an update keeps the stored ones). */
  otherNames: OtherName[] | undefined;
}

/**
 * The add/edit creator rules of docs/product.md §5 applied on the server: a non-blank name stored as
 * storedName makes it (NFC, trimmed), other names likewise (normalizeOtherNames), blank links
 * dropped and platforms re-detected (shared), a legacy channel-only payload turned into one link, only
 * http(s) URLs kept as links (docs/architecture.md "Deliberate departures" 7), the generated avatar never stored.
 */
export function prepareCreator(input: CreateCreatorDto): PreparedCreator {
  const name = storedName(input.name);
  if (!name) throw new BadRequestException(MESSAGES.provideCreatorName);
  let links = normalizeSocialLinks(input.socialLinks ?? []);
  if (links.length === 0 && input.channel?.trim()) links = normalizeSocialLinks([{ url: input.channel }]);
  links = links.map((link) => {
    const url = normalizeLinkUrl(link.url);
    if (url === null)
      throw new BadRequestException(`Social link "${link.url.slice(0, 100)}" is not an http(s) URL`);
    return Object.assign({}, link, { url });
  });
  const seen = new Set<string>();
  links = links.filter((link) => !seen.has(link.url) && seen.add(link.url));
  // Without socialLinks (an older client), what it said of the channel, for an update to apply to the
  // stored links: links then holds at most the channel's own link.
  const legacyChannel =
    input.socialLinks === undefined || input.socialLinks === null
      ? { channel: input.channel === undefined || input.channel === null ? undefined : (links[0]?.url ?? '') }
      : undefined;
  const photo = normalizePhotoUrl(input.photo ?? '');
  if (photo === null) throw new BadRequestException('photo must be an http(s) URL');
  let otherNames: OtherName[] | undefined;
  // null is "not given", as for every optional field here: a create stores none, an update keeps them.
  if (input.otherNames !== undefined && input.otherNames !== null) {
    const problem = otherNamesError(input.otherNames);
    if (problem) throw new BadRequestException(problem);
    otherNames = normalizeOtherNames(input.otherNames);
  }
  return { name, nameKey: normalizeName(name), photo, links, legacyChannel, otherNames };
}

/** The warnings field only when there is something to say, so other answers stay as they were. */
function withWarnings(creator: Creator, warnings: SaveWarning[]): SavedCreator {
  return warnings.length > 0 ? { ...creator, warnings } : creator;
}

/**
 * What a short term's count reads: the short index, and the tables whose changes rewrite it (a
 * deleted creator's rows go by the foreign key's cascade, which no statement names).
 */
const SHORT_COUNT_READS = [
  'creator_search_shorts',
  'creators',
  'creator_aliases',
  'creator_other_names',
  'social_links',
];

@Injectable()
export class CreatorsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly cache: AggregateCache,
    private readonly counts: CreatorCountsReader,
    private readonly changes: ChangesService,
    private readonly videos: VideosService,
    private readonly groups: GroupsService,
    private readonly threads: SearchThreads,
  ) {}

  /**
   * GET /api/creators: every creator with its counts and aliases, by id. Its route keeps the JSON
   * (CachedAnswer) until a write changes what it reads; the objects are not kept beside it (100,000 of
   * them at that many creators, a copy of the JSON's data in the API's heap).
   */
  async listAll(): Promise<CreatorListItem[]> {
    const counts = await this.counts.videoCounts();
    return this.tx.read((manager) => readCreatorList(manager, undefined, counts));
  }

  /**
   * GET /api/creators/search: one page of the creators matching the query (see creator-search.ts), with
   * the total, computed for that page alone; on a search thread when it takes the term
   * (SearchThreads.takes).
   */
  search(query: SearchQuery, scope: CreatorSearchScope, page: Page): Promise<CreatorPage> {
    const here = () =>
      this.tx.read((manager) => searchCreatorPage(manager, query, scope, page, this.shortCount));
    if (!this.threads.takes(query.text, query.withNames)) return here();
    // On a search thread (search-threads.service.ts); here when that thread died with it.
    return this.threads.run({ kind: 'creators', query, scope, page }).catch((error: unknown) => {
      if (!(error instanceof SearchThreadLost)) throw error;
      return here();
    });
  }

  /** Short terms whose count was large enough to keep (SHORT_COUNT_BOUNDS). */
  private readonly largeShortTerms = new Set<string>();

  /**
   * A short term's count, kept until the short index changes once the term is known to count many
   * creators. SQLite only: there a read runs between writes (TransactionRunner), so a count read in
   * the request's own read is current when kept. On MySQL/MariaDB the request's snapshot may predate a
   * write already committed, and a fresh read of its own would take a second pooled connection per
   * request; there the count is read each time.
   */
  private readonly shortCount: ShortCount = async (key, manager, count) => {
    if (manager.connection.options.type === 'mysql') return count(manager);
    if (this.largeShortTerms.has(key)) {
      return this.cache.value(`creators:short-count ${key}`, () => count(manager), SHORT_COUNT_READS);
    }
    const total = await count(manager);
    this.noteShortCount(key, total);
    return total;
  };

  /** Marks short term `key` as one whose count is kept once it counts enough creators. */
  private noteShortCount(key: string, total: number): void {
    if (total >= SHORT_COUNT_BOUNDS.kept && this.largeShortTerms.size < SHORT_COUNT_BOUNDS.terms) {
      this.largeShortTerms.add(key);
    }
  }

  /** GET /api/creators/search?ids=: those of the given creators that exist, a page of them. */
  byIds(ids: readonly number[], page: Page): Promise<CreatorPage> {
    return this.tx.read(async (manager): Promise<CreatorPage> => {
      const { total, ids: found } = await existingCreatorIds(manager, ids, page);
      return { total, items: found.length === 0 ? [] : await readCreatorList(manager, found) };
    });
  }

  /** GET /api/creators/search/ids: the id of every creator the query matches (a Select All). */
  searchIds(query: SearchQuery, scope: CreatorSearchScope): Promise<CreatorIds> {
    return this.tx.read((manager): Promise<CreatorIds> => searchCreatorIds(manager, query, scope, null));
  }

  /**
   * GET /api/creators/duplicates: one page of the duplicate groups, found once per write (see
   * creator-duplicates.ts), each group's creators read for that page alone.
   */
  async duplicates(page: Page): Promise<DuplicateGroupPage> {
    const groups = await this.cache.value(
      'creators:duplicate-groups',
      () => this.tx.read((manager) => findDuplicateIdGroups(manager)),
      ['creators', 'creator_aliases', 'creator_other_names'],
    );
    const shown = groups.slice(page.offset, page.offset + page.limit);
    return this.tx.read(async (manager): Promise<DuplicateGroupPage> => {
      const items = shown.length === 0 ? [] : await readCreatorList(manager, shown.flat());
      const byId = new Map(items.map((item) => [item.id, item]));
      return {
        total: groups.length,
        items: shown.map((group) =>
          group.map((id) => byId.get(id)).filter((item): item is CreatorListItem => Boolean(item)),
        ),
      };
    });
  }

  async create(input: CreateCreatorDto): Promise<SavedCreator> {
    const { name, links } = prepareCreator(input); // 400 before any transaction
    return this.uniqueName(name, () =>
      this.changes.run(
        { kind: 'creator.create', summary: `Added creator ${quoted(name)}` },
        async (change) => {
          const id = await this.createWithin(change, input);
          const creator = await this.readOne(change.manager, id);
          return withWarnings(creator, await this.channelWarnings(change.manager, links[0]?.url, id));
        },
      ),
    );
  }

  /** Who else has this channel URL as their channel (first link), for the admin form's early warning. */
  async channelOwner(url: string, exclude: number | null): Promise<ChannelOwner> {
    const owner = await this.tx.read((manager) => this.channelTakenBy(manager, url, exclude));
    return { creator: owner };
  }

  /** Inside a caller's transaction: the creator whose channel (first link) is one of `urls`, or null. */
  async channelCreatorWithin(
    manager: EntityManager,
    urls: readonly string[],
  ): Promise<{ id: number; name: string } | null> {
    for (const url of urls) {
      const owner = await this.channelTakenBy(manager, url, null);
      if (owner) return owner;
    }
    return null;
  }

  /**
   * The creator other than `self` whose channel (first social link) is the same as `url` compared by
   * channelUrlKey, or null. Narrowed in SQL by a piece of text every such URL contains, then compared
   * exactly; the lowest id wins when several share it.
   */
  private async channelTakenBy(
    manager: EntityManager,
    url: string | undefined,
    self: number | null,
  ): Promise<{ id: number; name: string } | null> {
    const key = url ? channelUrlKey(url) : null;
    if (!key) return null;
    const needle = channelUrlNeedle(key);
    // Stored URLs are percent-encoded where the key is not: narrow only by plain ASCII text.
    const narrow = /^[a-z0-9.-]+$/.test(needle);
    const candidates = await rows<{ id: number | string; name: string; url: string; position: unknown }>(
      manager,
      `SELECT c.id, c.name, l.url, l.position FROM social_links l JOIN creators c ON c.id = l.creator_id
       WHERE c.id <> ?${narrow ? ' AND LOWER(l.url) LIKE ?' : ''} ORDER BY c.id`,
      narrow ? [self ?? 0, `%${needle}%`] : [self ?? 0],
    );
    if (candidates.length === 0) return null;
    const ids = [...new Set(candidates.map((row) => int(row.id)))];
    const firstLinks = new Map<number, string>();
    for (const part of chunks(ids)) {
      const links = await rows<{ creator_id: number | string; url: string }>(
        manager,
        `SELECT creator_id, url FROM social_links WHERE creator_id IN ${placeholders(part.length)} ORDER BY position, id`,
        part,
      );
      for (const link of links) {
        const id = int(link.creator_id);
        if (!firstLinks.has(id)) firstLinks.set(id, link.url);
      }
    }
    for (const id of ids) {
      const first = firstLinks.get(id);
      if (first !== undefined && channelUrlKey(first) === key) {
        return { id, name: candidates.find((row) => int(row.id) === id)!.name };
      }
    }
    return null;
  }

  private async channelWarnings(
    manager: EntityManager,
    url: string | undefined,
    self: number,
  ): Promise<SaveWarning[]> {
    const owner = await this.channelTakenBy(manager, url, self);
    return owner ? [{ field: 'channel', message: channelTakenMessage(owner.name), creatorId: owner.id }] : [];
  }

  /**
   * Inside a caller's change (an import, an accepted proposal): the add-creator rules, the row and its
   * links, declared as made by the change; the new id. 409 when the name is taken.
   */
  async createWithin(change: Change, input: CreateCreatorDto): Promise<number> {
    const { manager } = change;
    const creator = prepareCreator(input);
    await this.assertNameFree(manager, creator);
    const result = await manager.insert(CreatorEntity, {
      name: creator.name,
      nameKey: creator.nameKey,
      photo: creator.photo,
    });
    const id = int(result.identifiers[0]?.id);
    change.made(...creatorScopes([id]));
    await this.insertLinks(manager, id, creator.links);
    await this.insertOtherNames(manager, id, creator.otherNames ?? []);
    return id;
  }

  async update(input: UpdateCreatorDto): Promise<SavedCreator> {
    const creator = prepareCreator(input);
    return this.uniqueName(creator.name, () =>
      this.changes.run(
        { kind: 'creator.update', summary: `Edited creator ${quoted(creator.name)}` },
        async (change) => {
          const { manager } = change;
          await this.lockCreators(manager, [input.id]);
          if (!(await manager.existsBy(CreatorEntity, { id: input.id })))
            throw new NotFoundException(CREATOR_NOT_FOUND);
          await this.assertNameFree(manager, creator, input.id);
          await change.touch(...creatorScopes([input.id]));
          const [old] = await rows<{ name: string; photo: string }>(
            manager,
            'SELECT name, photo FROM creators WHERE id = ?',
            [input.id],
          );
          const oldLinks = await rows<SocialLink>(
            manager,
            'SELECT platform, url FROM social_links WHERE creator_id = ? ORDER BY position, id',
            [input.id],
          );
          const links = creator.legacyChannel
            ? linksWithChannel(oldLinks, creator.legacyChannel.channel)
            : creator.links;
          await manager.update(
            CreatorEntity,
            { id: input.id },
            { name: creator.name, nameKey: creator.nameKey, photo: creator.photo },
          );
          await manager.delete(SocialLinkEntity, { creatorId: input.id });
          await this.insertLinks(manager, input.id, links);
          if (creator.otherNames) {
            await manager.query('DELETE FROM creator_other_names WHERE creator_id = ?', [input.id]);
            await this.insertOtherNames(manager, input.id, creator.otherNames);
          }
          // One summary names every field changed (a rename that also added a link says both).
          if (old)
            change.summary = creatorEditSummary(
              { name: old.name, photo: old.photo, links: oldLinks.map((l) => l.url) },
              { name: creator.name, photo: creator.photo, links: links.map((l) => l.url) },
            );
          const saved = await this.readOne(manager, input.id);
          return withWarnings(saved, await this.channelWarnings(manager, links[0]?.url, input.id));
        },
      ),
    );
  }

  /** Inside a caller's change (Refresh Photos): new photos for existing creators, by id. */
  async setPhotosWithin(change: Change, photos: readonly { id: number; photo: string }[]): Promise<void> {
    await change.touch({ table: 'creators', column: 'id', ids: photos.map((p) => p.id) });
    for (const { id, photo } of photos) await change.manager.update(CreatorEntity, { id }, { photo });
  }

  /**
   * Deletes a creator and, in the same change, its authorships, links and aliases. A video left
   * without authors is kept (its title and URL are still data); an admin can give it authors again.
   */
  async remove(id: number): Promise<MessageResponse> {
    return this.changes.run({ kind: 'creator.delete', summary: '' }, async (change) => {
      const { manager } = change;
      await this.lockCreators(manager, [id]);
      const creator = await manager.findOneBy(CreatorEntity, { id });
      if (!creator) throw new NotFoundException(CREATOR_NOT_FOUND);
      change.summary = `Deleted creator ${quoted(creator.name)}`;
      await this.deleteWithin(change, [id]);
      return { message: `Deleted creator ${creator.name}` };
    });
  }

  /** Several creators deleted as one change (one history entry, undone as one); 404 if any is unknown. */
  async removeMany(ids: readonly number[]): Promise<BulkDeleteResult> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new BadRequestException('ids must name at least one creator');
    const message = `Deleted ${unique.length} creator${unique.length === 1 ? '' : 's'}`;
    return this.changes.run({ kind: 'creators.delete', summary: message }, async (change) => {
      const { manager } = change;
      await this.lockCreators(manager, unique);
      const missing = await missingIds(manager, 'creators', unique);
      if (missing.length > 0)
        throw new NotFoundException(`Creator(s) not found: ${missing.slice(0, 20).join(', ')}`);
      await this.deleteWithin(change, unique);
      return { deleted: unique.length, message };
    });
  }

  /** The creators with their links and aliases; their authorships through the videos service. */
  private async deleteWithin(change: Change, ids: number[]): Promise<void> {
    const { manager } = change;
    await change.touch(...creatorScopes(ids));
    await this.videos.removeAuthorsWithin(change, ids);
    for (const part of chunks(ids)) {
      const where = `WHERE creator_id IN ${placeholders(part.length)}`;
      await manager.query(`DELETE FROM social_links ${where}`, part);
      await manager.query(`DELETE FROM creator_other_names ${where}`, part);
      await manager.query(`DELETE FROM creator_aliases ${where}`, part);
      await manager.query(`DELETE FROM creators WHERE id IN ${placeholders(part.length)}`, part);
    }
  }

  /**
   * Merges creators into a primary in one change: authorships move (one per video, through the videos
   * service), group memberships move (through the groups service, before the deletes whose foreign key
   * would cascade to them), links move (deduplicated by URL), names become aliases remembering the old
   * ids, the others are deleted.
   */
  async merge(input: MergeCreatorsDto): Promise<MessageResponse> {
    const mergeIds = [...new Set(input.mergeIds)];
    if (mergeIds.includes(input.primaryId)) {
      throw new BadRequestException('The primary creator cannot also be one of the creators merged into it');
    }
    return this.changes.run({ kind: 'creator.merge', summary: '' }, async (change) => {
      const { manager } = change;
      const all = [input.primaryId, ...mergeIds];
      await this.lockCreators(manager, all);
      const found = await readCreators(manager, all);
      const missing = all.filter((id) => !found.has(id));
      if (missing.length > 0) throw new NotFoundException(`Creator(s) not found: ${missing.join(', ')}`);
      const primary = found.get(input.primaryId) as Creator;
      await change.touch(...creatorScopes(all));

      await this.videos.mergeAuthorsWithin(change, input.primaryId, mergeIds);
      await this.groups.mergeMembershipsWithin(change, input.primaryId, mergeIds);

      const urls = new Set(primary.socialLinks.map((link) => link.url));
      const moved = mergeIds
        .flatMap((id) => found.get(id)?.socialLinks ?? [])
        .filter((link) => !urls.has(link.url) && urls.add(link.url));
      await this.insertLinks(manager, input.primaryId, moved, primary.socialLinks.length);

      for (const part of chunks(mergeIds)) {
        await manager.query(
          `UPDATE creator_aliases SET creator_id = ? WHERE creator_id IN ${placeholders(part.length)}`,
          [input.primaryId, ...part],
        );
      }
      await manager.insert(
        CreatorAliasEntity,
        mergeIds.map((id) => {
          // Stored as names are (NFC), for a name kept from before that rule.
          const name = storedName((found.get(id) as Creator).name);
          return { creatorId: input.primaryId, name, nameKey: normalizeName(name), mergedCreatorId: id };
        }),
      );
      // The merged creators' other names stay searchable as aliases of the primary, as their names do.
      const otherAliases = mergeIds.flatMap((id) => (found.get(id) as Creator).otherNames);
      if (otherAliases.length > 0) {
        await manager.insert(
          CreatorAliasEntity,
          otherAliases.map((other) => ({
            creatorId: input.primaryId,
            name: storedName(other.name),
            nameKey: normalizeName(other.name),
            mergedCreatorId: null,
          })),
        );
      }
      const [primaryRow] = await rows<{ photo: string }>(manager, 'SELECT photo FROM creators WHERE id = ?', [
        input.primaryId,
      ]);
      if (!primaryRow?.photo) {
        const photo = await this.firstOwnPhoto(manager, mergeIds);
        if (photo) await manager.update(CreatorEntity, { id: input.primaryId }, { photo });
      }
      for (const part of chunks(mergeIds)) {
        await manager.query(
          `DELETE FROM social_links WHERE creator_id IN ${placeholders(part.length)}`,
          part,
        );
        await manager.query(
          `DELETE FROM creator_other_names WHERE creator_id IN ${placeholders(part.length)}`,
          part,
        );
        await manager.query(`DELETE FROM creators WHERE id IN ${placeholders(part.length)}`, part);
      }
      const names = mergeIds.map((id) => quoted((found.get(id) as Creator).name)).join(', ');
      change.summary = `Merged ${names} into ${quoted(primary.name)}`;
      return { message: `Merged ${mergeIds.length} creator(s) into ${primary.name}` };
    });
  }

  /**
   * MySQL: takes the rows of creators about to be changed, merged or deleted, so that a video being written
   * with one of them as author either commits first (and its authorship is then moved or removed
   * here) or waits and finds the creator gone. The authorship reads below then see the latest rows.
   */
  private async lockCreators(manager: EntityManager, ids: number[]): Promise<void> {
    const lock = lockFor(manager, 'update');
    if (!lock) return;
    for (const part of chunks(ids)) {
      await manager.query(`SELECT id FROM creators WHERE id IN ${placeholders(part.length)}${lock}`, part);
    }
  }

  private async firstOwnPhoto(manager: EntityManager, ids: number[]): Promise<string> {
    const photos = await rows<{ id: number; photo: string }>(
      manager,
      `SELECT id, photo FROM creators WHERE id IN ${placeholders(ids.length)} AND photo <> ''`,
      ids,
    );
    return ids.map((id) => photos.find((row) => int(row.id) === id)?.photo).find(Boolean) ?? '';
  }

  private async assertNameFree(
    manager: EntityManager,
    creator: PreparedCreator,
    exceptId?: number,
  ): Promise<void> {
    const existing = await manager.findOneBy(CreatorEntity, { nameKey: creator.nameKey });
    if (existing && existing.id !== exceptId) throw new ConflictException(creatorExistsMessage(creator.name));
  }

  /** The unique index decides a race between two writers of the same name (MySQL pool). */
  private async uniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(creatorExistsMessage(name));
      throw error;
    }
  }

  private async insertLinks(
    manager: EntityManager,
    creatorId: number,
    links: SocialLink[],
    from = 0,
  ): Promise<void> {
    if (links.length === 0) return;
    await manager.insert(
      SocialLinkEntity,
      links.map((link, index) => ({
        creatorId,
        position: from + index,
        platform: link.platform,
        url: link.url,
      })),
    );
  }

  private async insertOtherNames(
    manager: EntityManager,
    creatorId: number,
    names: OtherName[],
  ): Promise<void> {
    if (names.length === 0) return;
    await manager.query(
      `INSERT INTO creator_other_names (creator_id, position, name, lang) VALUES ${names.map(() => '(?, ?, ?, ?)').join(', ')}`,
      names.flatMap((other, position) => [creatorId, position, other.name, other.lang ?? null]),
    );
  }

  private async readOne(manager: EntityManager, id: number): Promise<Creator> {
    const creator = (await readCreators(manager, [id])).get(id);
    if (!creator) throw new NotFoundException(CREATOR_NOT_FOUND);
    return creator;
  }
}
