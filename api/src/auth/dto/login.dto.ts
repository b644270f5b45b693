import { LIMITS, type LoginInput } from '@friends/shared';
import { IsString, MaxLength } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';

export class LoginDto implements LoginInput {
  @ApiProperty({ maxLength: LIMITS.password, format: 'password' })
  @IsString()
  @MaxLength(LIMITS.password)
  password: string;
}
