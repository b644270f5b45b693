import {
  LIMITS,
  YOUTUBE_BATCH_MAX,
  type CreatorInfoInput,
  type ImportInput,
  type PlaylistInput,
  type RescanInput,
  type VideoInfoInput,
} from '@friends/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { PlainText } from '../../common/plain-text.decorator';

const MAX_ID = 2_147_483_647;

export class VideoInfoDto implements VideoInfoInput {
  @ApiProperty({ maxLength: LIMITS.url, description: 'any YouTube video URL form' })
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.url)
  url: string;
}

export class CreatorInfoDto implements CreatorInfoInput {
  @ApiProperty({ type: [String], maxItems: LIMITS.socialLinks, description: "the creator's links" })
  @IsArray()
  @ArrayMaxSize(LIMITS.socialLinks)
  @IsString({ each: true })
  @PlainText({}, { each: true })
  @MaxLength(LIMITS.url, { each: true })
  urls: string[];
}

export class PlaylistDto implements PlaylistInput {
  @ApiProperty({ maxLength: LIMITS.url, description: 'a channel or playlist URL' })
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.url)
  url: string;
}

export class ImportItemDto {
  @ApiProperty({ pattern: '^[A-Za-z0-9_-]{11}$', description: 'YouTube video id' })
  @IsString()
  @PlainText()
  @Matches(/^[A-Za-z0-9_-]{11}$/, { message: 'each item id must be a YouTube video id' })
  id: string;
}

export class ImportDto implements ImportInput {
  @ApiProperty({ type: () => [ImportItemDto], minItems: 1, maxItems: YOUTUBE_BATCH_MAX })
  @IsArray()
  @ArrayMinSize(1, { message: 'Please select at least one video to import' })
  @ArrayMaxSize(YOUTUBE_BATCH_MAX)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => ImportItemDto)
  items: ImportItemDto[];

  @ApiPropertyOptional({
    maxLength: LIMITS.importId,
    description: 'the same in every request of one import run: the run is one history entry (one Undo)',
  })
  @IsOptional()
  @IsString()
  @PlainText()
  @MinLength(1)
  @MaxLength(LIMITS.importId)
  importId?: string;

  @ApiPropertyOptional({
    description: "this request is the run's last: its importId may then start a new entry",
  })
  @IsOptional()
  @IsBoolean()
  last?: boolean;
}

export class RescanDto implements RescanInput {
  @ApiProperty({ type: 'integer', isArray: true, minItems: 1, maxItems: YOUTUBE_BATCH_MAX })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(YOUTUBE_BATCH_MAX)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  videoIds: number[];
}
