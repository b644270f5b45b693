import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SaveWarning } from '@friends/shared';

/** Something a save allowed but the admin should know. */
export class SaveWarningDto implements SaveWarning {
  @ApiProperty({ enum: ['channel'] }) field: 'channel';
  @ApiProperty({ example: 'This channel URL is also Ann Bo’s channel' }) message: string;
  @ApiProperty({ description: 'The other creator' }) creatorId: number;
}

/**
 * The answer of POST and PUT /api/creators as the document describes it: the saved creator (the same
 * fields as every creator answer; only the ones a client needs after a save are listed) and `warnings`.
 */
export class SavedCreatorDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiPropertyOptional({
    type: SaveWarningDto,
    isArray: true,
    description: 'Present only when there is something to say: the channel URL is also another creator’s',
  })
  warnings?: SaveWarningDto[];
}
