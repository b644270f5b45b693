/** The kept form of a card, which the rows that time kept cards measure. */
import { log } from './util';

/**
 * A card is sent as drawn, then kept as its smaller palette form once made (off the request path,
 * within about a second): the kept rows measure that form, so wait for it (5 s at most).
 */
export async function keptCard(url: string, drawn: Buffer): Promise<Buffer> {
  const until = performance.now() + 5000;
  // IHDR's colour type 3: a palette PNG, the kept form.
  for (let kept = drawn; performance.now() < until;) {
    if (kept[25] === 3) return kept;
    await new Promise((next) => setTimeout(next, 100));
    kept = Buffer.from(await (await fetch(url)).arrayBuffer());
  }
  log(`  ${url}: still as drawn after 5 s`);
  return drawn;
}
