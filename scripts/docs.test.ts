/**
 * The repository explains itself (docs/architecture.md "Architecture rules"): nothing cites the
 * product and design documents that live outside it nor an issue by number (a comment says the reason), every citation of docs/ names a section that
 * exists, and the README stays short.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Tracked text files (binary and lock files left out). */
function trackedFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  return files.filter(
    (file) => file && !/(^|\/)package-lock\.json$|\.(png|jpe?g|gif|ico|woff2?|sqlite)$/.test(file),
  );
}

/**
 * A citation of the briefs that live outside the repository (the product, design and style documents,
 * cited by file name, by section sign or as a possessive). The names are assembled here so that this
 * file does not cite them itself.
 */
const [PRODUCT_BRIEF, DESIGN_BRIEF, STYLE_BRIEF] = ['SP' + 'EC', 'DES' + 'IGN', 'STY' + 'LE'];
const OUTSIDE_CITATION = new RegExp(
  `\\b${PRODUCT_BRIEF}(?:\\.md|'s|\\s+§)|\\b${DESIGN_BRIEF}\\.md|\\b${STYLE_BRIEF}\\.md`,
);

/** What a citation may name: a heading, or the bold lead of a rule ('- **Many replicas, one truth.**'). */
function citable(file: string): Set<string> {
  const text = read(file);
  const headings = [...text.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!.trim());
  const leads = [...text.matchAll(/\*\*([^*]+?)\.?\*\*/g)].map((m) => m[1]!.trim());
  return new Set([...headings, ...leads]);
}

/** A citation broken across comment lines, joined again ('one\n * truth' -> 'one truth'). */
const joined = (cited: string) => cited.replace(/\s*\n\s*(?:\*|\/\/|#)?\s*/g, ' ').trim();

describe('the repository documents itself', () => {
  const files = trackedFiles().filter((file) => file !== 'scripts/docs.test.ts');
  const texts = files.map((file) => ({ file, text: read(file) }));

  it('cites docs/, never the briefs outside the repository', () => {
    const citing = texts.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => OUTSIDE_CITATION.test(line))
        .map(({ line, index }) => `${file}:${index + 1}: ${line.trim().slice(0, 100)}`),
    );
    expect(citing).toEqual([]);
  });

  it('says the reason instead of citing an issue by number', () => {
    const ISSUE_CITATION = /\bissues? (?:#|no\.? ?)?\d+|\bissue #\d+|#\d+ item \d/i;
    const citing = texts.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => ISSUE_CITATION.test(line))
        .map(({ line, index }) => `${file}:${index + 1}: ${line.trim().slice(0, 100)}`),
    );
    expect(citing).toEqual([]);
  });

  it('cites only sections of docs/product.md and parts of docs/architecture.md that exist', () => {
    const product = read('docs/product.md');
    const sections = new Set([...product.matchAll(/^## (\d+)\. /gm)].map((m) => m[1]));
    const architecture = citable('docs/architecture.md');
    const broken: string[] = [];
    for (const { file, text } of texts) {
      for (const m of text.matchAll(/docs\/product\.md §(\d+)/g)) {
        if (!sections.has(m[1]!)) broken.push(`${file}: docs/product.md §${m[1]}`);
      }
      for (const m of text.matchAll(/docs\/architecture\.md "([^"]+)"/g)) {
        const cited = joined(m[1]!);
        if (cited !== '<heading>' && !architecture.has(cited))
          broken.push(`${file}: docs/architecture.md "${cited}"`);
      }
    }
    // §1–§9 follow the product's original numbering; later sections extend it without gaps.
    expect([...sections]).toEqual(Array.from({ length: Math.max(9, sections.size) }, (_, i) => `${i + 1}`));
    expect(broken).toEqual([]);
  });

  it('keeps README.md under 200 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThan(200);
  });
});
