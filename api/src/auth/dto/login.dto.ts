import { LIMITS, type LoginInput } from '@friends/shared';
import { IsString, MaxLength } from 'class-validator';

export class LoginDto implements LoginInput {
  @IsString()
  @MaxLength(LIMITS.password)
  password: string;
}
