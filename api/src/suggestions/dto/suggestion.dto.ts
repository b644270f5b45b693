import { LIMITS, type SuggestionInput } from '@friends/shared';
import { IsString, MaxLength } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';

export class CreateSuggestionDto implements SuggestionInput {
  @ApiProperty({ maxLength: LIMITS.suggestionUrl, example: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })
  @IsString()
  @MaxLength(LIMITS.suggestionUrl)
  url: string;
}
