/**
 * The fonts of card images. Latin, Latin Extended, Cyrillic and Greek (@fontsource/noto-sans) are
 * always loaded: they are small and almost every card needs them. Every other script a name may be
 * written in comes from a Noto package of its own (Japanese kana and kanji, Hangul, Arabic, Hebrew,
 * Thai, Devanagari, simplified Chinese, and emoji in one colour), split by fontsource into files of a few hundred characters each with the
 * characters each file covers (`unicode-range` in its CSS). A card loads only the files holding the
 * characters it draws, when satori finds a character the loaded fonts lack: a card in 兎田ぺこら
 * reads about four files of ~80 KB instead of the 10 MB the Japanese font weighs. Files once loaded
 * stay with satori's font set, so later cards in that script draw without reading anything.
 *
 * Everything comes from node_modules: nothing is fetched and system fonts play no part, so a card is
 * the same on every machine.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type satori from 'satori';

export type SatoriFont = Parameters<typeof satori>[1]['fonts'][number];

export const CARD_WEIGHTS = [400, 700] as const;

const BASE_PACKAGE = '@fontsource/noto-sans';
const BASE_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'] as const;
const FAMILY = (name: string) => `Card ${name}`;
/** The families of the fonts always loaded, in the order satori tries them. */
export const BASE_FAMILIES = BASE_SUBSETS.map(FAMILY);

/**
 * The packages for the other scripts, in the order they are preferred for a character several of them
 * cover (the Korean font also has kanji and Latin; kanji are taken from the Japanese one).
 */
export const SCRIPT_PACKAGES = [
  '@fontsource/noto-sans-arabic',
  '@fontsource/noto-sans-hebrew',
  '@fontsource/noto-sans-thai',
  '@fontsource/noto-sans-devanagari',
  '@fontsource/noto-sans-jp',
  '@fontsource/noto-sans-kr',
  // After Japanese and Korean: only the characters they lack (simplified-only hanzi such as 张, 们).
  '@fontsource/noto-sans-sc',
  // Emoji in one colour (outlines satori can draw; colour emoji fonts are bitmaps or COLR layers).
  '@fontsource/noto-emoji',
] as const;

/** One file of a script package: the characters it covers and the file per weight. */
interface FontFile {
  key: string;
  ranges: Array<[number, number]>;
  paths: Map<number, string>;
}

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

let base: SatoriFont[] | null = null;

/** The always-loaded fonts (one satori family per subset: a missing glyph falls through the list). */
export function baseFonts(): SatoriFont[] {
  if (base) return base;
  const files = join(packageDir(BASE_PACKAGE), 'files');
  base = BASE_SUBSETS.flatMap((subset) =>
    CARD_WEIGHTS.map((weight) => ({
      name: FAMILY(subset),
      data: readFileSync(join(files, `noto-sans-${subset}-${weight}-normal.woff`)),
      weight,
      style: 'normal' as const,
    })),
  );
  return base;
}

/** `U+41`, `U+0-7F`, `U+4??` → [first, last]. */
function parseRange(token: string): [number, number] | null {
  const match = /^U\+([0-9a-f?]+)(?:-([0-9a-f]+))?$/i.exec(token.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from!.includes('?')) {
    return [parseInt(from!.replace(/\?/g, '0'), 16), parseInt(from!.replace(/\?/g, 'f'), 16)];
  }
  const first = parseInt(from!, 16);
  return [first, to === undefined ? first : parseInt(to, 16)];
}

let scriptFiles: FontFile[] | null = null;

/** Every file of the script packages, read from their per-weight CSS (small; read once). */
function readScriptFiles(): FontFile[] {
  if (scriptFiles) return scriptFiles;
  const found: FontFile[] = [];
  for (const name of SCRIPT_PACKAGES) {
    const dir = packageDir(name);
    const byKey = new Map<string, FontFile>();
    for (const weight of CARD_WEIGHTS) {
      const css = readFileSync(join(dir, `${weight}.css`), 'utf8');
      for (const block of css.split('@font-face').slice(1)) {
        const file = /url\(\.\/files\/([^)]+)-\d+-normal\.woff\)/.exec(block);
        const ranges = /unicode-range:\s*([^;]+);/.exec(block);
        if (!file || !ranges) continue;
        const key = file[1]!;
        let entry = byKey.get(key);
        if (!entry) {
          entry = {
            key,
            ranges: ranges[1]!
              .split(',')
              .map(parseRange)
              .filter((range): range is [number, number] => range !== null),
            paths: new Map(),
          };
          byKey.set(key, entry);
        }
        entry.paths.set(weight, join(dir, 'files', `${key}-${weight}-normal.woff`));
      }
    }
    found.push(...byKey.values());
  }
  scriptFiles = found;
  return found;
}

const covers = (file: FontFile, code: number) =>
  file.ranges.some(([first, last]) => code >= first && code <= last);

const EMOJI_FILES = 'noto-emoji-';
/** Emoji and flags' letters: drawn from the emoji font even where a script's symbols file lists them. */
const PICTOGRAPHIC = /^[\p{Extended_Pictographic}\p{Regional_Indicator}]$/u;

/** The script file that draws `code` (the preferred package's), or undefined when none does. */
export function scriptFileFor(code: number): string | undefined {
  const files = readScriptFiles();
  if (PICTOGRAPHIC.test(String.fromCodePoint(code))) {
    const emoji = files.find((file) => file.key.startsWith(EMOJI_FILES) && covers(file, code));
    if (emoji) return emoji.key;
  }
  return files.find((file) => covers(file, code))?.key;
}

const loaded = new Map<string, SatoriFont[]>();

/**
 * satori's `loadAdditionalAsset`: the fonts for the characters of `segment` the loaded ones lack
 * (satori names the language it guessed; the characters themselves decide here). Characters no
 * package covers stay missing-glyph boxes.
 */
export function fontsForSegment(segment: string): SatoriFont[] {
  const keys = new Set<string>();
  for (const char of segment) {
    const key = scriptFileFor(char.codePointAt(0)!);
    if (key !== undefined) keys.add(key);
  }
  const files = readScriptFiles();
  return [...keys].flatMap((key) => {
    let fonts = loaded.get(key);
    if (!fonts) {
      const file = files.find((candidate) => candidate.key === key)!;
      fonts = [...file.paths].map(([weight, path]) => ({
        name: FAMILY(key),
        data: readFileSync(path),
        weight: weight as SatoriFont['weight'],
        style: 'normal' as const,
      }));
      loaded.set(key, fonts);
    }
    return fonts;
  });
}
