import { Injectable, type PipeTransform } from '@nestjs/common';
import { parseId } from './id-params';

/**
 * `@Param('id', ParseIdPipe)`. Prefer `@PathId()` / `@QueryId()`: the global ValidationPipe converts a
 * `number` parameter before this pipe runs ('abc' → NaN, '1e3' → 1000), they read the raw text.
 */
@Injectable()
export class ParseIdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    if (typeof value === 'number') return parseId(Number.isInteger(value) ? String(value) : 'not an integer');
    return parseId(value);
  }
}
