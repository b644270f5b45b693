import { REVIEW_MAX_LIMIT, type ReviewBulkInput } from '@friends/shared';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';

export class ReviewBulkDto implements ReviewBulkInput {
  @ApiProperty({ type: 'integer', isArray: true, minItems: 1, maxItems: REVIEW_MAX_LIMIT })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(REVIEW_MAX_LIMIT)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(2_147_483_647, { each: true })
  ids: number[];
}
