import { GROUP_KINDS, GROUP_LIMITS, GROUP_MESSAGES, type GroupInput, type GroupKind } from '@friends/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { NfcName } from '../../common/nfc-name.decorator';
import { PlainText } from '../../common/plain-text.decorator';

const MAX_ID = 2_147_483_647;

export class GroupDto implements GroupInput {
  @ApiProperty({ maxLength: GROUP_LIMITS.name, example: 'Aurora Live' })
  @NfcName()
  @IsString()
  @PlainText()
  @MaxLength(GROUP_LIMITS.name, { message: GROUP_MESSAGES.nameTooLong })
  name: string;

  @ApiProperty({ enum: GROUP_KINDS })
  @IsIn(GROUP_KINDS, { message: GROUP_MESSAGES.kind })
  kind: GroupKind;
}

/**
 * The dates are checked by the shared rule (membershipProblem) in the service, which names the field
 * and also sees the creator's other periods; here they are only allowed through.
 */
export class MembershipDto {
  @ApiProperty({ minimum: 1 })
  @IsInt({ message: 'creatorId must be a creator id' })
  @Min(1, { message: 'creatorId must be a creator id' })
  @Max(MAX_ID, { message: 'creatorId must be a creator id' })
  creatorId: number;

  @ApiProperty({ type: 'string', format: 'date', example: '2021-04-01' })
  @Allow()
  from: unknown;

  @ApiPropertyOptional({
    type: 'string',
    format: 'date',
    nullable: true,
    description: 'the last day as a member (included); null or absent while still a member',
  })
  @Allow()
  to?: unknown;
}

/** PUT /api/groups/:id/members/:memberId: the period again; the creator stays unless given. */
export class MembershipUpdateDto {
  @ApiPropertyOptional({ minimum: 1, description: 'absent: the membership keeps its creator' })
  @IsOptional()
  @IsInt({ message: 'creatorId must be a creator id' })
  @Min(1, { message: 'creatorId must be a creator id' })
  @Max(MAX_ID, { message: 'creatorId must be a creator id' })
  creatorId?: number;

  @ApiProperty({ type: 'string', format: 'date', example: '2021-04-01' })
  @Allow()
  from: unknown;

  @ApiPropertyOptional({ type: 'string', format: 'date', nullable: true })
  @Allow()
  to?: unknown;
}
