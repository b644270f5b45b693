import { LIMITS, type VideoInput, type VideoUpdate } from '@friends/shared';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_ID } from '../../creators/dto/creator.dto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PlainText } from '../../common/plain-text.decorator';

export class CreateVideoDto implements VideoInput {
  @ApiProperty({ maxLength: LIMITS.videoTitle })
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.videoTitle)
  title: string;

  @ApiPropertyOptional({ maxLength: LIMITS.url, example: 'https://youtu.be/dQw4w9WgXcQ' })
  @IsOptional()
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.url)
  url?: string;

  /** YYYY-MM-DD or ''. */
  @ApiPropertyOptional({ maxLength: 10, example: '2024-05-17', description: "YYYY-MM-DD or ''" })
  @IsOptional()
  @IsString()
  @PlainText()
  @MaxLength(10)
  date?: string;

  @ApiProperty({
    type: 'integer',
    isArray: true,
    maxItems: LIMITS.authorsPerVideo,
    description: 'creator ids, in order',
  })
  @IsArray()
  @ArrayMaxSize(LIMITS.authorsPerVideo)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  authorIds: number[];
}

export class UpdateVideoDto extends CreateVideoDto implements VideoUpdate {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID })
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id: number;

  /**
   * Ignored. A client editing a video from GET /api/videos may send its `authors` back (docs/product.md §3:
   * "the video list may also carry an authors list"); authorIds is what counts.
   */
  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, description: 'ignored: authorIds counts' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.authorsPerVideo)
  authors?: unknown[];
}
