import { LIMITS, type SuggestionInput } from '@friends/shared';
import { IsString, MaxLength } from 'class-validator';

export class CreateSuggestionDto implements SuggestionInput {
  @IsString()
  @MaxLength(LIMITS.suggestionUrl)
  url: string;
}
