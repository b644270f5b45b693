import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { quoted, type MessageResponse, type Suggestion } from '@friends/shared';
import { ChangesService } from '../changes/changes.service';
import { int } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
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
    private readonly changes: ChangesService,
  ) {}

  /** docs/product.md §5: a non-blank URL, no other format check (the admin reviews it; it is never a raw link). */
  async create(input: CreateSuggestionDto): Promise<Suggestion> {
    const url = input.url.trim();
    if (!url) throw new BadRequestException('url is required');
    // A visitor's suggestion is not an admin's change to undo: it is not in the history.
    return this.changes.run({ history: false }, async (change) => {
      const { manager } = change;
      const row = manager.create(SuggestionEntity, { url, submittedAt: new Date().toISOString() });
      await manager.insert(SuggestionEntity, row);
      change.made({ table: 'suggestions', column: 'id', ids: [int(row.id)] });
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
    return this.changes.run(
      { kind: 'suggestion.delete', summary: '', scopes: [{ table: 'suggestions', column: 'id', ids: [id] }] },
      async (change) => {
        const { manager } = change;
        const row = await manager.findOneBy(SuggestionEntity, { id });
        const result = await manager.delete(SuggestionEntity, { id });
        if (!result.affected || !row) throw new NotFoundException(SUGGESTION_NOT_FOUND);
        change.summary = `Removed suggestion ${quoted(row.url)}`;
        return { message: 'Suggestion removed' };
      },
    );
  }
}
