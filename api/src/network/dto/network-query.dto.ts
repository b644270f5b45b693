import { INVALID_HOPS } from '@friends/shared';
import { IsIn, IsOptional } from 'class-validator';

/** `?hops=1|2` of GET /api/creators/:id/network (1 when absent). */
export class NetworkQueryDto {
  @IsOptional()
  @IsIn(['1', '2'], { message: INVALID_HOPS })
  hops?: string;
}
