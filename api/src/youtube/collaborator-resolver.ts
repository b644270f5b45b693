/**
 * Collaborator detection for one video (shared detectCollaborators) and, inside a write transaction,
 * the creators it names: found in the directory or made through the creators service. Used by video
 * info, import and rescan alike.
 */
import { Injectable } from '@nestjs/common';
import { detectCollaborators, type DetectedCollaborators } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { CreatorsService } from '../creators/creators.service';
import type { CreatorDirectory, DirectoryCreator } from './creator-directory';
import type { VideoDetails } from './youtube-client';

@Injectable()
export class CollaboratorResolver {
  constructor(private readonly creators: CreatorsService) {}

  /** Detection, with the channel's own creator never suggested as a collaborator. */
  detect(video: VideoDetails, directory: CreatorDirectory, main?: DirectoryCreator): DetectedCollaborators {
    const found = detectCollaborators(
      { title: video.title, description: video.description, channelTitle: video.channelTitle },
      directory.creators,
    );
    return main ? { ...found, existingIds: found.existingIds.filter((id) => id !== main.id) } : found;
  }

  /** Existing ids then new creators' ids for the detected collaborators; new creators go into `made`. */
  async resolve(
    manager: EntityManager,
    video: VideoDetails,
    directory: CreatorDirectory,
    main: DirectoryCreator | undefined,
    made: DirectoryCreator[],
  ): Promise<number[]> {
    const detected = this.detect(video, directory, main);
    const ids = [...detected.existingIds];
    for (const candidate of detected.toCreate) {
      const result = await this.findOrCreate(manager, directory, {
        name: candidate.name,
        url: candidate.url,
      });
      if (result.created) made.push(result.creator);
      if (result.creator.id !== main?.id) ids.push(result.creator.id);
    }
    return ids;
  }

  /** The directory's creator of that name, or a new one made through the creators service. */
  findOrCreate(
    manager: EntityManager,
    directory: CreatorDirectory,
    input: { name: string; url?: string; photo?: string },
  ): Promise<{ creator: DirectoryCreator; created: boolean }> {
    return directory.findOrCreate(manager, this.creators, input);
  }
}
