import {
  LIMITS,
  OTHER_NAME_MESSAGES,
  canonicalLanguageTag,
  hasInvisibleCharacters,
  type CreatorInput,
  type CreatorUpdate,
  type MergeInput,
  type OtherName,
} from '@friends/shared';
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
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NfcName } from '../../common/nfc-name.decorator';
import { PlainText } from '../../common/plain-text.decorator';

export const MAX_ID = 2_147_483_647;

export class SocialLinkDto {
  /** Ignored: the platform is always detected from the URL. */
  @ApiPropertyOptional({ maxLength: 40, description: 'ignored: detected from the URL' })
  @IsOptional()
  @IsString()
  @PlainText()
  @MaxLength(40)
  platform?: string;

  @ApiProperty({ maxLength: LIMITS.url, example: 'https://www.youtube.com/@example' })
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.url)
  url: string;
}

/** A name with something visible in it and no invisible characters (shared hasInvisibleCharacters). */
const VisibleName = () =>
  ValidateBy({
    name: 'visibleName',
    validator: {
      validate: (value: unknown) =>
        typeof value !== 'string' || (value.trim() !== '' && !hasInvisibleCharacters(value)),
      defaultMessage: (args) =>
        `${args?.property ?? 'name'} must not be blank nor hold invisible characters (zero-width space, joiner, filler)`,
    },
  });

/** A BCP 47 language tag (checked with Intl.getCanonicalLocales, stored in its canonical form). */
const LanguageTag = () =>
  ValidateBy({
    name: 'languageTag',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || canonicalLanguageTag(value) !== null,
      defaultMessage: (args) =>
        `${args?.property ?? 'lang'} ${OTHER_NAME_MESSAGES.lang(0).split(' ').slice(1).join(' ')}`,
    },
  });

export class OtherNameDto implements OtherName {
  @ApiProperty({ maxLength: LIMITS.creatorName, example: 'Usada Pekora' })
  @NfcName()
  @IsString()
  @PlainText()
  @VisibleName()
  @MaxLength(LIMITS.creatorName)
  name: string;

  @ApiPropertyOptional({
    maxLength: LIMITS.languageTag,
    example: 'ja-Latn',
    description: 'a BCP 47 language tag',
  })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.languageTag)
  @LanguageTag()
  lang?: string;
}

export class CreateCreatorDto implements CreatorInput {
  @ApiProperty({ maxLength: LIMITS.creatorName })
  @NfcName()
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.creatorName)
  name: string;

  /** Legacy: used only when no social link is given (one link is derived from it). */
  @ApiPropertyOptional({ maxLength: LIMITS.url, description: 'legacy: used only without socialLinks' })
  @IsOptional()
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.url)
  channel?: string;

  @ApiPropertyOptional({ maxLength: LIMITS.url, description: 'photo URL; a generated avatar when empty' })
  @IsOptional()
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.url)
  photo?: string;

  @ApiPropertyOptional({ type: () => [SocialLinkDto], maxItems: LIMITS.socialLinks })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.socialLinks)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => SocialLinkDto)
  socialLinks?: SocialLinkDto[];

  @ApiPropertyOptional({
    type: () => [OtherNameDto],
    maxItems: LIMITS.otherNames,
    description: 'the name in other scripts or romanised; replaces the stored list (omitted on update: kept)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(LIMITS.otherNames)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => OtherNameDto)
  otherNames?: OtherNameDto[];
}

export class UpdateCreatorDto extends CreateCreatorDto implements CreatorUpdate {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID })
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id: number;
}

export class MergeCreatorsDto implements MergeInput {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID, description: 'the creator that stays' })
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  primaryId: number;

  @ApiProperty({
    type: 'integer',
    isArray: true,
    minItems: 1,
    maxItems: LIMITS.mergeIds,
    description: 'merged into primaryId',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(LIMITS.mergeIds)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  mergeIds: number[];
}
