import { INVALID_HOPS, INVALID_WEIGHT, NETWORK_WEIGHTS } from '@friends/shared';
import { IsIn, IsOptional } from 'class-validator';
import { ApiPropertyOptional } from '@nestjs/swagger';

/** `?hops=1|2&weight=videos|events` of GET /api/creators/:id/network (1 hop, videos when absent). */
export class NetworkQueryDto {
  @ApiPropertyOptional({ enum: ['1', '2'], default: '1', description: 'one or two hops' })
  @IsOptional()
  @IsIn(['1', '2'], { message: INVALID_HOPS })
  hops?: string;

  @ApiPropertyOptional({
    enum: NETWORK_WEIGHTS,
    default: 'videos',
    description: 'what an edge counts: videos together, or collab events together (an event once)',
  })
  @IsOptional()
  @IsIn(NETWORK_WEIGHTS, { message: INVALID_WEIGHT })
  weight?: (typeof NETWORK_WEIGHTS)[number];
}
