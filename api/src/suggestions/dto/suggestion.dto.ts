import { LIMITS, type SuggestionInput } from '@friends/shared';
import { IsString, MaxLength } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { PlainText } from '../../common/plain-text.decorator';

export class CreateSuggestionDto implements SuggestionInput {
  @ApiProperty({ maxLength: LIMITS.suggestionUrl, example: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })
  @IsString()
  @PlainText()
  @MaxLength(LIMITS.suggestionUrl)
  url: string;
}
