import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { quoted, type MessageResponse, type Suggestion } from '@friends/shared';
import { int } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { HistoryService } from '../history/history.service';
import type { CreateSuggestionDto } from './dto/suggestion.dto';
import { SuggestionEntity } from './suggestion.entity';

export const SUGGESTION_NOT_FOUND = 'Suggestion not found';

const toSuggestion = (row: SuggestionEntity): Suggestion => ({
  id: int(row.id),
  url: row.url,
  status: 'pending',
  submittedAt: row.submittedAt,
});

/** docs/architecture.md "Deliberate departures" 2: suggestions are stored, so an admin anywhere sees what visitors sent. */
@Injectable()
export class SuggestionsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly history: HistoryService,
  ) {}

  /** docs/product.md §5: a non-blank URL, no other format check (the admin reviews it; it is never a raw link). */
  async create(input: CreateSuggestionDto): Promise<Suggestion> {
    const url = input.url.trim();
    if (!url) throw new BadRequestException('url is required');
    return this.tx.write(async (manager) => {
      const row = manager.create(SuggestionEntity, { url, submittedAt: new Date().toISOString() });
      await manager.insert(SuggestionEntity, row);
      return toSuggestion(row);
    });
  }

  /** Pending suggestions, oldest first. */
  list(): Promise<Suggestion[]> {
    return this.tx.read(async (manager) =>
      (await manager.find(SuggestionEntity, { order: { submittedAt: 'ASC', id: 'ASC' } })).map(toSuggestion),
    );
  }

  /** Deny, or done after 'Review & Add'. */
  async remove(id: number): Promise<MessageResponse> {
    return this.tx.write(async (manager) => {
      const change = await this.history.track(manager, [{ table: 'suggestions', column: 'id', ids: [id] }]);
      const row = await manager.findOneBy(SuggestionEntity, { id });
      const result = await manager.delete(SuggestionEntity, { id });
      if (!result.affected || !row) throw new NotFoundException(SUGGESTION_NOT_FOUND);
      await change.record({ kind: 'suggestion.delete', summary: `Removed suggestion ${quoted(row.url)}` });
      return { message: 'Suggestion removed' };
    });
  }
}
