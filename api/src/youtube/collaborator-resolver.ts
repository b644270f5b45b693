/**
 * Collaborator detection for one video (shared detectScored) and, inside a write transaction, what it
 * means: high-confidence detections become authors (their creators found in the directory or made
 * through the creators service), each with its evidence; the rest are returned as proposals for the
 * review queue. Used by video info, import and rescan alike.
 */
import { Injectable } from '@nestjs/common';
import {
  creditedName,
  creditedYouTubeHandle,
  crewCredits,
  nameFromChannel,
  detectScored,
  roleForPattern,
  type CrewCredit,
  type DetectedCollaborators,
  type Detection,
} from '@friends/shared';
import type { Change } from '../changes/change';
import { CreatorsService } from '../creators/creators.service';
import type { AuthorCredit, AuthorEvidence } from '../videos/videos.service';
import type { CreatorDirectory, DirectoryCreator } from './creator-directory';
import { channelOfHandle, NO_HANDLE_ANSWERS, type HandleChannelAnswers } from './handle-channels';
import { channelLink } from './youtube-common';
import type { VideoDetails, YouTubeChannel } from './youtube-client';

/** Who a detection of a new name stands for once its @handle was looked up. */
type NewName =
  | { kind: 'existing'; creator: DirectoryCreator }
  | { kind: 'new'; name: string; url: string; channel: YouTubeChannel | null };

export interface ResolvedCollaborators {
  /** Authors to add, in the order found (the channel owner not included). */
  authorIds: number[];
  evidence: Map<number, AuthorEvidence>;
  /** Medium and low detections, for the review queue. */
  proposals: Detection[];
  /** Each added author's role (featured after ft., else guest) and the name it was credited as. */
  credits: Map<number, AuthorCredit>;
  /** The crew the description credits ("Edited by …"): never authors. */
  crew: CrewCredit[];
}

@Injectable()
export class CollaboratorResolver {
  constructor(private readonly creators: CreatorsService) {}

  /** Every detection, scored, the channel's own creator left out. */
  scored(
    video: VideoDetails,
    directory: CreatorDirectory,
    main?: DirectoryCreator,
    boilerplate?: ReadonlySet<string>,
  ): Detection[] {
    return detectScored(
      {
        title: video.title,
        description: video.description,
        channelTitle: video.channelTitle,
        ownerId: main?.id ?? null,
      },
      directory.creators,
      { boilerplate },
    );
  }

  /**
   * The YouTube handles of the new names a video's detections would make creators of (the credits that
   * name a creator already known need no lookup); `onlyHigh` for import and rescan, which make creators
   * of high-confidence detections only.
   */
  handlesToLookUp(
    videos: readonly VideoDetails[],
    directory: CreatorDirectory,
    onlyHigh: boolean,
  ): Set<string> {
    const handles = new Set<string>();
    for (const video of videos)
      for (const d of this.scored(video, directory)) {
        if (d.creatorId !== null || (onlyHigh && d.confidence !== 'high')) continue;
        const handle = creditedYouTubeHandle(d);
        if (handle) handles.add(handle);
      }
    return handles;
  }

  /**
   * A new name after its handle was looked up: the creator already standing for that channel, or the
   * name and link to make one with (the channel's title and URL when YouTube knows the handle).
   */
  newName(d: Detection, directory: CreatorDirectory, answers: HandleChannelAnswers): NewName {
    const handle = creditedYouTubeHandle(d);
    const channel = channelOfHandle(answers, handle);
    if (!channel || !handle) return { kind: 'new', name: d.name, url: d.url, channel: null };
    const known = directory.channelCreator({ id: channel.id, title: channel.title, handle: channel.handle });
    if (known) return { kind: 'existing', creator: known };
    return {
      kind: 'new',
      name: nameFromChannel(d.name, handle, channel.title),
      url: channelLink(channel),
      channel,
    };
  }

  /** For the add-video form, where the admin decides: every detection, known ones first. */
  detect(
    video: VideoDetails,
    directory: CreatorDirectory,
    main?: DirectoryCreator,
    answers: HandleChannelAnswers = NO_HANDLE_ANSWERS,
  ): DetectedCollaborators {
    const existingIds: number[] = [];
    const toCreate: { name: string; url: string }[] = [];
    for (const d of this.scored(video, directory, main)) {
      if (d.creatorId !== null) existingIds.push(d.creatorId);
      else {
        const named = this.newName(d, directory, answers);
        if (named.kind === 'existing') {
          if (named.creator.id !== main?.id) existingIds.push(named.creator.id);
        } else if (!toCreate.some((c) => c.name === named.name))
          toCreate.push({ name: named.name, url: named.url });
      }
    }
    return { existingIds: [...new Set(existingIds)], toCreate };
  }

  /** Applies the high-confidence detections (new creators go into `made`); the rest are proposals. */
  async resolve(
    change: Change,
    video: VideoDetails,
    directory: CreatorDirectory,
    main: DirectoryCreator | undefined,
    made: DirectoryCreator[],
    boilerplate?: ReadonlySet<string>,
    answers: HandleChannelAnswers = NO_HANDLE_ANSWERS,
  ): Promise<ResolvedCollaborators> {
    const result: ResolvedCollaborators = {
      authorIds: [],
      evidence: new Map(),
      proposals: [],
      credits: new Map(),
      crew: this.crew(video, directory),
    };
    const created: number[] = [];
    for (const d of this.scored(video, directory, main, boilerplate)) {
      if (d.confidence !== 'high') {
        result.proposals.push(d);
        continue;
      }
      let id = d.creatorId;
      let isNew = false;
      let name: string;
      if (id === null) {
        const named = this.newName(d, directory, answers);
        const found =
          named.kind === 'existing'
            ? { creator: named.creator, created: false }
            : await this.findOrCreate(change, directory, { name: named.name, url: named.url });
        if (found.created) made.push(found.creator);
        id = found.creator.id;
        name = found.creator.name;
        isNew = found.created;
      } else name = directory.creators.find((c) => c.id === id)?.name ?? d.name;
      if (id === main?.id || result.evidence.has(id)) continue;
      (isNew ? created : result.authorIds).push(id);
      result.evidence.set(id, { source: d.source, text: d.text, confidence: d.confidence });
      result.credits.set(id, { role: roleForPattern(d.pattern), creditedAs: creditedName(d, name) });
    }
    result.authorIds.push(...created); // existing creators first, then the new ones
    return result;
  }

  /** The crew credits of the description, each with the creator it names when one is known. */
  crew(video: VideoDetails, directory: CreatorDirectory): CrewCredit[] {
    return crewCredits(video.description).map((credit) =>
      Object.assign({}, credit, { creatorId: directory.creatorNamed(credit.name)?.id ?? null }),
    );
  }

  /** The directory's creator of that name, or a new one made through the creators service. */
  findOrCreate(
    change: Change,
    directory: CreatorDirectory,
    input: { name: string; url?: string; photo?: string },
  ): Promise<{ creator: DirectoryCreator; created: boolean }> {
    return directory.findOrCreate(change, this.creators, input);
  }
}
