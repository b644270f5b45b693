import { LIMITS, type CreatorInput, type CreatorUpdate, type MergeInput } from '@friends/shared';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export const MAX_ID = 2_147_483_647;

export class SocialLinkDto {
  /** Ignored: the platform is always detected from the URL. */
  @IsOptional()
  @IsString()
  @MaxLength(40)
  platform?: string;

  @IsString()
  @MaxLength(LIMITS.url)
  url: string;
}

export class CreateCreatorDto implements CreatorInput {
  @IsString()
  @MaxLength(LIMITS.creatorName)
  name: string;

  /** Legacy: used only when no social link is given (one link is derived from it). */
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.url)
  channel?: string;

  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.url)
  photo?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.socialLinks)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => SocialLinkDto)
  socialLinks?: SocialLinkDto[];
}

export class UpdateCreatorDto extends CreateCreatorDto implements CreatorUpdate {
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id: number;
}

export class MergeCreatorsDto implements MergeInput {
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  primaryId: number;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(LIMITS.mergeIds)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  mergeIds: number[];
}
