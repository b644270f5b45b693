import { LIMITS, type LoginInput } from '@friends/shared';
import { IsString, MaxLength } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { PlainText } from '../../common/plain-text.decorator';

export class LoginDto implements LoginInput {
  @ApiProperty({ maxLength: LIMITS.password, format: 'password' })
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.password)
  password: string;
}
