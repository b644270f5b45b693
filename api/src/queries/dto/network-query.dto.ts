import { INVALID_HOPS } from '@friends/shared';
import { IsIn, IsOptional } from 'class-validator';
import { ApiPropertyOptional } from '@nestjs/swagger';

/** `?hops=1|2` of GET /api/creators/:id/network (1 when absent). */
export class NetworkQueryDto {
  @ApiPropertyOptional({ enum: ['1', '2'], default: '1', description: 'one or two hops' })
  @IsOptional()
  @IsIn(['1', '2'], { message: INVALID_HOPS })
  hops?: string;
}
