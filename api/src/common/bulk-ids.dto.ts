import { HISTORY_LIMITS } from '@friends/shared';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { MAX_ID } from '../creators/dto/creator.dto';

/** `{ ids }` of a bulk delete (videos or creators): one change, undone as one. */
export class BulkDeleteDto {
  @ApiProperty({ type: 'integer', isArray: true, minItems: 1, maxItems: HISTORY_LIMITS.maxBulkDelete })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(HISTORY_LIMITS.maxBulkDelete)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  ids: number[];
}
