import { LIMITS, type VideoInput, type VideoUpdate } from '@friends/shared';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_ID } from '../../creators/dto/creator.dto';

export class CreateVideoDto implements VideoInput {
  @IsString()
  @MaxLength(LIMITS.videoTitle)
  title: string;

  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.url)
  url?: string;

  /** YYYY-MM-DD or ''. */
  @IsOptional()
  @IsString()
  @MaxLength(10)
  date?: string;

  @IsArray()
  @ArrayMaxSize(LIMITS.authorsPerVideo)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  authorIds: number[];
}

export class UpdateVideoDto extends CreateVideoDto implements VideoUpdate {
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id: number;

  /**
   * Ignored. A client editing a video from GET /api/videos may send its `authors` back (SPEC.md §3:
   * "the video list may also carry an authors list"); authorIds is what counts.
   */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.authorsPerVideo)
  authors?: unknown[];
}
