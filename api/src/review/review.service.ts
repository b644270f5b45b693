/**
 * The review queue: weak detections wait here as proposals until an admin accepts (the link is made,
 * the creator created when new) or rejects them (remembered per video URL, never proposed again by a
 * rescan or re-import). Each decision is one method and one transaction. Channel boilerplate (a name
 * in most of one channel's descriptions) is counted here and never proposed.
 */
import { Injectable, NotFoundException } from '@nestjs/common';
import {
  boilerplateFromCounts,
  creditedYouTubeHandle,
  nameFromChannel,
  descriptionNameKeys,
  nameMatchKey,
  quoted,
  type Confidence,
  type Detection,
  type EvidenceSource,
  type ReviewBulkResult,
  type ReviewDecision,
  type ReviewPage,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { Page } from '../common/page-params';
import { creatorIdByName } from '../creators/creator-reader';
import { CreatorsService } from '../creators/creators.service';
import type { Change, RecordedChange } from '../changes/change';
import { ChangesService } from '../changes/changes.service';
import type { RowChange } from '../changes/history-writer';
import { chunks, int, lockFor, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { normaliseRow, rowKey, videoScopes, type Row } from '../history/row-snapshot';
import { VideosService } from '../videos/videos.service';
import {
  channelOfHandle,
  HandleChannels,
  NO_HANDLE_ANSWERS,
  type HandleChannelAnswers,
} from '../youtube/handle-channels';
import { channelLink } from '../youtube/youtube-common';

export const PROPOSAL_NOT_FOUND = 'Proposal not found';

interface ProposalRow {
  id: number;
  video_id: number;
  creator_id: number | null;
  name: string;
  name_key: string;
  source: string;
  evidence: string;
  confidence: string;
  url: string;
  url_key: string | null;
  title: string;
}

/** The key a channel's counts and proposals are filed under. */
export function channelKeyOf(video: { channelId: string; channelTitle: string }): string {
  return video.channelId || `title:${nameMatchKey(video.channelTitle)}`;
}

@Injectable()
export class ReviewService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly creators: CreatorsService,
    private readonly videos: VideosService,
    private readonly changes: ChangesService,
    private readonly handles: HandleChannels,
  ) {}

  async list(page: Page): Promise<ReviewPage> {
    return this.tx.read(async (manager) => {
      const [count] = await rows<{ total: number | string }>(
        manager,
        'SELECT COUNT(*) AS total FROM review_proposals',
      );

      const found = await rows<{
        id: number;
        video_id: number;
        title: string;
        url: string;
        name: string;
        creator_id: number | null;
        creator_name: string | null;
        source: string;
        evidence: string;
        confidence: string;
      }>(
        manager,
        `SELECT p.id, p.video_id, v.title, v.url, p.name, p.creator_id, c.name AS creator_name,
                p.source, p.evidence, p.confidence
           FROM review_proposals p
           JOIN videos v ON v.id = p.video_id
           LEFT JOIN creators c ON c.id = p.creator_id
          ORDER BY p.id
          LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
      );
      return {
        total: int(count?.total),
        items: found.map((r) => ({
          id: int(r.id),
          videoId: int(r.video_id),
          videoTitle: r.title,
          videoUrl: r.url,
          name: r.name,
          creatorId: r.creator_id === null ? null : int(r.creator_id),
          creatorName: r.creator_name ?? null,
          source: r.source as EvidenceSource,
          text: r.evidence,
          confidence: r.confidence as Confidence,
        })),
      };
    });
  }

  /** Accept one proposal: the creator (found by name or alias, else created) becomes an author. */
  async accept(id: number): Promise<ReviewDecision> {
    const answers = await this.lookUpHandles([id]);
    const decision = this.single(await this.decide([id], 'accept', { required: true }, answers));
    return answers.problem ? { ...decision, notice: answers.problem } : decision;
  }

  /** Reject one proposal: remembered for the video's URL, by name and by creator. */
  async reject(id: number): Promise<ReviewDecision> {
    return this.single(await this.decide([id], 'reject', { required: true }));
  }

  /** Bulk forms: one change (one history entry); unknown or already decided ones are counted as failed. */
  async acceptMany(ids: readonly number[]): Promise<ReviewBulkResult> {
    const answers = await this.lookUpHandles(ids);
    const decisions = await this.decide(ids, 'accept', {}, answers);
    return {
      done: decisions.length,
      failed: new Set(ids).size - decisions.length,
      ...(answers.problem ? { notice: answers.problem } : {}),
    };
  }

  /**
   * Before the decision's transaction (no network wait holds it open): the channels of the @handles of
   * the pending proposals that would make a new creator.
   */
  private async lookUpHandles(ids: readonly number[]): Promise<HandleChannelAnswers> {
    const unique = [...new Set(ids)];
    const pending = await this.tx.read(async (manager) => {
      const found: { name: string; url: string; evidence: string }[] = [];
      for (const part of chunks(unique))
        found.push(
          ...(await rows<{ name: string; url: string; evidence: string }>(
            manager,
            `SELECT name, url, evidence FROM review_proposals
              WHERE creator_id IS NULL AND id IN ${placeholders(part.length)}`,
            part,
          )),
        );
      return found;
    });
    const handles = pending.flatMap((p) => {
      const handle = creditedYouTubeHandle({ name: p.name, url: p.url, text: p.evidence });
      return handle ? [handle] : [];
    });
    return handles.length ? this.handles.lookUp(handles) : NO_HANDLE_ANSWERS;
  }

  async rejectMany(ids: readonly number[]): Promise<ReviewBulkResult> {
    const decisions = await this.decide(ids, 'reject');
    return { done: decisions.length, failed: new Set(ids).size - decisions.length };
  }

  private single(decisions: ReviewDecision[]): ReviewDecision {
    const [decision] = decisions;
    if (!decision) throw new NotFoundException(PROPOSAL_NOT_FOUND);
    return decision;
  }

  /**
   * The decisions on the proposals still pending among `ids`, in one transaction recorded as one
   * history entry (so an undo brings the proposals back and takes the links, creators and
   * rejections it made away). Nothing is written when none is pending; `required`: then a 404, thrown
   * inside the transaction so that it commits nothing at all (not even the write sequence).
   */
  private decide(
    ids: readonly number[],
    decision: 'accept' | 'reject',
    { required = false } = {},
    answers: HandleChannelAnswers = NO_HANDLE_ANSWERS,
  ): Promise<ReviewDecision[]> {
    const unique = [...new Set(ids)];
    return this.changes.run({ kind: 'review.decision', summary: '' }, async (change) => {
      const { manager } = change;
      const proposals = await this.lockProposals(manager, unique);
      if (proposals.length === 0) {
        if (required) throw new NotFoundException(PROPOSAL_NOT_FOUND);
        return [];
      }
      await change.touch(...videoScopes([...new Set(proposals.map((p) => int(p.video_id)))]));
      const rejections: number[] = [];
      const decisions: ReviewDecision[] = [];
      for (const proposal of proposals) {
        // An accept removes the video's other proposals of the same creator.
        const [pending] = await rows(manager, 'SELECT id FROM review_proposals WHERE id = ?', [proposal.id]);
        if (!pending) continue;
        decisions.push(
          decision === 'accept'
            ? await this.acceptWithin(change, proposal, answers)
            : await this.rejectWithin(manager, proposal, rejections),
        );
      }
      const first = proposals[0] as ProposalRow;
      const verb = decision === 'accept' ? 'Accepted' : 'Rejected';
      change.summary =
        decisions.length === 1
          ? `${verb} ${quoted(first.name)} for ${quoted(first.title)}`
          : `${verb} ${decisions.length} proposed collaborators`;
      change.made({ table: 'review_rejections', column: 'id', ids: rejections });
      return decisions;
    });
  }

  private async acceptWithin(
    change: Change,
    proposal: ProposalRow,
    answers: HandleChannelAnswers,
  ): Promise<ReviewDecision> {
    const { manager } = change;
    const videoId = int(proposal.video_id);
    let creatorId = proposal.creator_id === null ? null : int(proposal.creator_id);
    if (creatorId === null) creatorId = await this.creatorFor(change, proposal, answers);
    await this.videos.addAuthorsWithin(
      change,
      videoId,
      [creatorId],
      new Map([
        [
          creatorId,
          {
            source: proposal.source as EvidenceSource,
            text: proposal.evidence,
            confidence: proposal.confidence as Confidence,
          },
        ],
      ]),
    );
    await manager.query('DELETE FROM review_proposals WHERE id = ? OR (video_id = ? AND creator_id = ?)', [
      proposal.id,
      videoId,
      creatorId,
    ]);
    return { id: int(proposal.id), videoId, creatorId };
  }

  /**
   * The creator a new name stands for. An @handle YouTube knows is its channel: the creator already
   * having that channel, or named like it, else a new one named after the channel (docs/product.md
   * "A handle is not a name") with the channel's link. Otherwise the creator of that name or alias, else
   * a new one with the proposal's link.
   */
  private async creatorFor(
    change: Change,
    proposal: ProposalRow,
    answers: HandleChannelAnswers,
  ): Promise<number> {
    const { manager } = change;
    let name = proposal.name;
    let url = proposal.url;
    const handle = creditedYouTubeHandle({ name, url, text: proposal.evidence });
    const channel = channelOfHandle(answers, handle);
    if (channel && handle) {
      const link = channelLink(channel);
      const owner = await this.creators.channelCreatorWithin(manager, [
        link,
        `https://www.youtube.com/channel/${channel.id}`,
      ]);
      if (owner) return owner.id;
      name = nameFromChannel(proposal.name, handle, channel.title);
      url = link;
      const titled = await creatorIdByName(manager, channel.title);
      if (titled !== null) return titled;
    }
    const found = await creatorIdByName(manager, name);
    if (found !== null) return found;
    return this.creators.createWithin(change, { name, socialLinks: url ? [{ url }] : [] });
  }

  private async rejectWithin(
    manager: EntityManager,
    proposal: ProposalRow,
    rejections: number[],
  ): Promise<ReviewDecision> {
    const videoId = int(proposal.video_id);
    const urlKey = proposal.url_key ?? `video:${videoId}`;
    const keys = [proposal.name_key];
    if (proposal.creator_id !== null) keys.push(`creator:${int(proposal.creator_id)}`);
    const known = new Set(
      (
        await rows<{ name_key: string }>(
          manager,
          `SELECT name_key FROM review_rejections WHERE url_key = ? AND name_key IN ${placeholders(keys.length)}`,
          [urlKey, ...keys],
        )
      ).map((r) => r.name_key),
    );
    const added = keys.filter((k) => !known.has(k));
    const at = new Date().toISOString();
    for (const key of added)
      await manager.query('INSERT INTO review_rejections (url_key, name_key, created_at) VALUES (?, ?, ?)', [
        urlKey,
        key,
        at,
      ]);
    if (added.length > 0) {
      const ids = await rows<{ id: number }>(
        manager,
        `SELECT id FROM review_rejections WHERE url_key = ? AND name_key IN ${placeholders(added.length)}`,
        [urlKey, ...added],
      );
      rejections.push(...ids.map((r) => int(r.id)));
    }
    await manager.query('DELETE FROM review_proposals WHERE id = ?', [proposal.id]);
    return { id: int(proposal.id), videoId, creatorId: null };
  }

  /** The pending proposals among `ids`, locked, in the order asked. */
  private async lockProposals(manager: EntityManager, ids: readonly number[]): Promise<ProposalRow[]> {
    const found = new Map<number, ProposalRow>();
    for (const part of chunks(ids)) {
      for (const row of await rows<ProposalRow>(
        manager,
        `SELECT p.id, p.video_id, p.creator_id, p.name, p.name_key, p.source, p.evidence, p.confidence, p.url,
                v.url_key, v.title
           FROM review_proposals p JOIN videos v ON v.id = p.video_id
          WHERE p.id IN ${placeholders(part.length)}${lockFor(manager, 'update')}`,
        part,
      ))
        found.set(int(row.id), row);
    }
    return ids.map((id) => found.get(id)).filter((p): p is ProposalRow => p !== undefined);
  }

  /**
   * Inside an import or rescan transaction: the video's weak detections become proposals, except names
   * rejected before for this video's URL, current authors and names already proposed. How many were added.
   */
  async proposeWithin(
    manager: EntityManager,
    input: {
      videoId: number;
      urlKey: string | null;
      channelKey: string;
      detections: Detection[];
      authorIds: number[];
    },
  ): Promise<number> {
    if (input.detections.length === 0) return 0;
    const urlKey = input.urlKey ?? `video:${input.videoId}`;
    const rejected = new Set(
      (
        await rows<{ name_key: string }>(
          manager,
          'SELECT name_key FROM review_rejections WHERE url_key = ?',
          [urlKey],
        )
      ).map((r) => r.name_key),
    );
    const pending = await rows<{ name_key: string; creator_id: number | null }>(
      manager,
      'SELECT name_key, creator_id FROM review_proposals WHERE video_id = ?',
      [input.videoId],
    );
    const taken = new Set(pending.map((p) => p.name_key));
    const takenCreators = new Set([
      ...input.authorIds,
      ...pending.filter((p) => p.creator_id !== null).map((p) => int(p.creator_id)),
    ]);
    const at = new Date().toISOString();
    let added = 0;
    for (const d of input.detections) {
      const key = nameMatchKey(d.name);
      if (!key || taken.has(key) || rejected.has(key)) continue;
      if (d.creatorId !== null && (takenCreators.has(d.creatorId) || rejected.has(`creator:${d.creatorId}`)))
        continue;
      await manager.query(
        `INSERT INTO review_proposals
           (video_id, creator_id, name, name_key, source, evidence, confidence, url, channel_key, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          input.videoId,
          d.creatorId,
          d.name.slice(0, 255),
          key.slice(0, 255),
          d.source,
          d.text.slice(0, 300),
          d.confidence,
          d.url.slice(0, 2048),
          input.channelKey.slice(0, 255),
          at,
        ],
      );
      taken.add(key);
      if (d.creatorId !== null) takenCreators.add(d.creatorId);
      added++;
    }
    return added;
  }

  /**
   * The channel's boilerplate keys, from its stored counts plus `descriptions` about to be imported
   * (each description counted once).
   */
  async boilerplate(channelKey: string, descriptions: readonly string[]): Promise<Set<string>> {
    const stored = await this.tx.read((manager) =>
      rows<{ name_key: string; count: number | string }>(
        manager,
        'SELECT name_key, count FROM channel_name_counts WHERE channel_key = ?',
        [channelKey],
      ),
    );
    const counts = new Map(stored.map((r) => [r.name_key, int(r.count)]));
    const batch = descriptions.filter((d) => d.trim());
    const total = (counts.get('') ?? 0) + batch.length;
    for (const description of batch)
      for (const key of descriptionNameKeys(description)) counts.set(key, (counts.get(key) ?? 0) + 1);
    counts.delete('');
    return boilerplateFromCounts(counts, total);
  }

  /**
   * Inside an import transaction: counts one imported description for its channel. The counter rows
   * as moved, for the import's history entry (an undo takes the counts back).
   */
  async countDescriptionWithin(
    manager: EntityManager,
    channelKey: string,
    description: string,
  ): Promise<RowChange[]> {
    if (!description.trim()) return [];
    const keys = [...new Set(['', ...descriptionNameKeys(description)].map((k) => k.slice(0, 255)))];
    const channel = channelKey.slice(0, 255);
    const existing = new Map<string, Row>();
    for (const part of chunks(keys)) {
      for (const row of await rows<Row>(
        manager,
        `SELECT * FROM channel_name_counts WHERE channel_key = ? AND name_key IN ${placeholders(part.length)}${lockFor(manager, 'update')}`,
        [channel, ...part],
      ))
        existing.set(String(row.name_key), normaliseRow(row));
    }
    const moved: RowChange[] = [];
    for (const key of keys) {
      const before = existing.get(key) ?? null;
      if (before)
        await manager.query(
          'UPDATE channel_name_counts SET count = count + 1 WHERE channel_key = ? AND name_key = ?',
          [channel, key],
        );
      else
        await manager.query(
          'INSERT INTO channel_name_counts (channel_key, name_key, count) VALUES (?, ?, 1)',
          [channel, key],
        );
      const after = { channel_key: channel, name_key: key, count: int(before?.count) + 1 };
      moved.push({ table: 'channel_name_counts', key: rowKey('channel_name_counts', after), before, after });
    }
    return moved;
  }

  /**
   * Pending proposals of a channel that turned out to be boilerplate go away, as part of the import
   * batch that showed it.
   */
  async dropBoilerplate(
    channelKey: string,
    keys: ReadonlySet<string>,
    importEntry: RecordedChange,
  ): Promise<void> {
    if (keys.size === 0) return;
    const list = [...keys];
    await this.changes.run(importEntry, async (change) => {
      const { manager } = change;
      const found = await rows<{ id: number }>(
        manager,
        `SELECT id FROM review_proposals WHERE channel_key = ? AND name_key IN ${placeholders(list.length)}`,
        [channelKey, ...list],
      );
      const ids = found.map((r) => int(r.id));
      if (ids.length === 0) return;
      await change.touch({ table: 'review_proposals', column: 'id', ids });
      for (const part of chunks(ids))
        await manager.query(`DELETE FROM review_proposals WHERE id IN ${placeholders(part.length)}`, part);
    });
  }
}
