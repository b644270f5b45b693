/**
 * Collaborator detection for one video (shared detectScored) and, inside a write transaction, what it
 * means: high-confidence detections become authors (their creators found in the directory or made
 * through the creators service), each with its evidence; the rest are returned as proposals for the
 * review queue. Used by video info, import and rescan alike.
 */
import { Injectable } from '@nestjs/common';
import {
  creditedName,
  crewCredits,
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
import type { VideoDetails } from './youtube-client';

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

  /** For the add-video form, where the admin decides: every detection, known ones first. */
  detect(video: VideoDetails, directory: CreatorDirectory, main?: DirectoryCreator): DetectedCollaborators {
    const found = this.scored(video, directory, main);
    return {
      existingIds: [...new Set(found.flatMap((d) => (d.creatorId === null ? [] : [d.creatorId])))],
      toCreate: found.filter((d) => d.creatorId === null).map((d) => ({ name: d.name, url: d.url })),
    };
  }

  /** Applies the high-confidence detections (new creators go into `made`); the rest are proposals. */
  async resolve(
    change: Change,
    video: VideoDetails,
    directory: CreatorDirectory,
    main: DirectoryCreator | undefined,
    made: DirectoryCreator[],
    boilerplate?: ReadonlySet<string>,
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
        const found = await this.findOrCreate(change, directory, { name: d.name, url: d.url });
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
    return crewCredits(video.description).map((credit) => ({
      ...credit,
      creatorId: directory.creatorNamed(credit.name)?.id ?? null,
    }));
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
