import {
  AUTHOR_ROLES,
  CREW_JOBS,
  LIMITS,
  type AuthorRole,
  type CrewJob,
  type VideoAuthorInput,
  type VideoInput,
  type VideoUpdate,
} from '@friends/shared';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_ID } from '../../creators/dto/creator.dto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PlainText } from '../../common/plain-text.decorator';

/** One author with its role (docs/product.md "Roles and crew"); `name` is ignored (a client may echo a read). */
export class VideoAuthorDto implements VideoAuthorInput {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID })
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id: number;

  @ApiPropertyOptional({ enum: AUTHOR_ROLES, description: 'host, featured or guest' })
  @IsOptional()
  @IsIn(AUTHOR_ROLES, { message: `role must be one of ${AUTHOR_ROLES.join(', ')}` })
  role?: AuthorRole;

  @ApiPropertyOptional({ maxLength: LIMITS.creatorName, nullable: true })
  @IsOptional()
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.creatorName)
  creditedAs?: string | null;

  @ApiPropertyOptional({ description: 'ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.creatorName)
  name?: string;
}

/** One crew credit ("Edited by …"): never an author. */
export class VideoCrewDto {
  @ApiProperty({ maxLength: LIMITS.creatorName, example: 'Sam Hollis' })
  @IsString()
  @IsNotEmpty({ message: 'crew name must not be empty' })
  @PlainText()
  @MaxLength(LIMITS.creatorName)
  name: string;

  @ApiProperty({ enum: CREW_JOBS })
  @IsIn(CREW_JOBS, { message: `crew job must be one of ${CREW_JOBS.join(', ')}` })
  job: CrewJob;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'the creator the name is, if known' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  creatorId?: number | null;
}

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

  @ApiPropertyOptional({
    type: 'integer',
    isArray: true,
    maxItems: LIMITS.authorsPerVideo,
    description: 'creator ids, in order: the first hosts, the others are guests (roles kept on edit)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.authorsPerVideo)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  authorIds?: number[];

  /** The authors with their roles: the order and set when `authorIds` is absent, else only the roles. */
  @ApiPropertyOptional({ type: () => VideoAuthorDto, isArray: true, maxItems: LIMITS.authorsPerVideo })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.authorsPerVideo)
  @ValidateNested({ each: true })
  @Type(() => VideoAuthorDto)
  authors?: VideoAuthorDto[];

  /** Ignored: a client editing a video it read may send these back; events are changed through /api/events. */
  @ApiPropertyOptional({ description: 'ignored', nullable: true })
  @IsOptional()
  eventId?: unknown;

  /** The crew credits, in order: replaces the video's crew when given, kept when absent. */
  @ApiPropertyOptional({ type: () => VideoCrewDto, isArray: true, maxItems: LIMITS.authorsPerVideo })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.authorsPerVideo)
  @ValidateNested({ each: true })
  @Type(() => VideoCrewDto)
  crew?: VideoCrewDto[];
}

export class UpdateVideoDto extends CreateVideoDto implements VideoUpdate {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID })
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id: number;
}
