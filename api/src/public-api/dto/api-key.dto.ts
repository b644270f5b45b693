import { API_KEY_NAME_MAX, type ApiKeyInput } from '@friends/shared';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { PlainText } from '../../common/plain-text.decorator';

export class CreateApiKeyDto implements ApiKeyInput {
  @ApiProperty({ maxLength: API_KEY_NAME_MAX, example: 'Fan wiki bot' })
  @IsString({ message: 'name must be a string' })
  @PlainText()
  @Matches(/\S/, { message: 'name must not be blank' })
  @MaxLength(API_KEY_NAME_MAX, { message: `name must be at most ${API_KEY_NAME_MAX} characters` })
  name: string;
}

export class ApiKeyInfoDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'ISO time' }) createdAt: string;
  @ApiProperty({ description: 'Reads a minute a request with this key may make' }) rateLimit: number;
}

export class CreatedApiKeyDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Send as `Authorization: Bearer <key>`. Shown once: only its hash is kept.' })
  key: string;
}
