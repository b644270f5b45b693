import { Body, Controller, Delete, Get, Post, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { API_ROUTES, type MessageResponse, type Suggestion } from '@friends/shared';
import { AdminOnly, Public, ThrottleMessage } from '../auth/access.decorators';
import { PathId } from '../common/id-params';
import { CreateSuggestionDto } from './dto/suggestion.dto';
import { SuggestionsService } from './suggestions.service';

export const TOO_MANY_SUGGESTIONS = 'Too many suggestions. Try again in a minute.';

@Controller()
export class SuggestionsController {
  constructor(private readonly suggestions: SuggestionsService) {}

  /** Public and rate-limited per IP. */
  @Post(API_ROUTES.suggestions)
  @Public()
  @UseGuards(ThrottlerGuard)
  @ThrottleMessage(TOO_MANY_SUGGESTIONS)
  create(@Body() body: CreateSuggestionDto): Promise<Suggestion> {
    return this.suggestions.create(body);
  }

  @Get(API_ROUTES.suggestions)
  @AdminOnly()
  list(): Promise<Suggestion[]> {
    return this.suggestions.list();
  }

  @Delete(`${API_ROUTES.suggestions}/:id`)
  remove(@PathId() id: number): Promise<MessageResponse> {
    return this.suggestions.remove(id);
  }
}
