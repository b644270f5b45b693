import { EVENT_MAX_VIDEOS, type EventInput } from '@friends/shared';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { MAX_ID } from '../../creators/dto/creator.dto';

/** POST /api/events: the uploads of one collaboration. */
export class EventDto implements EventInput {
  @ApiProperty({ type: 'integer', isArray: true, minItems: 2, maxItems: EVENT_MAX_VIDEOS })
  @IsArray()
  @ArrayMaxSize(EVENT_MAX_VIDEOS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_ID, { each: true })
  videoIds: number[];
}
