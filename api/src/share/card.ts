/**
 * The card image of a link preview: a 1200 × 630 PNG laid out by satori (flexbox to SVG, text shaped
 * with the bundled fonts) and rasterised by resvg off the event loop. Fonts come from
 * @fontsource/noto-sans (Latin, Latin Extended, Cyrillic, Greek), read once from node_modules, so
 * nothing is fetched and system fonts play no part: the same card on every machine. Photos are not
 * fetched (they live on third-party hosts): every person is drawn as the generated avatar, initials on
 * the colour of their name.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import { CARD_SIZE, stripUnsafeCharacters } from '@friends/shared';
import satori from 'satori';
import { avatarHue, initialsOf } from '../avatar/avatar';

/** One person on a card. */
export interface CardPerson {
  name: string;
}

/** What a card shows: one or two people (or none), a heading when no person is shown, lines of counts. */
export interface CardContent {
  people: CardPerson[];
  /** The large text: the name(s), or a title. */
  title: string;
  lines: string[];
}

const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'] as const;
const WEIGHTS = [400, 700] as const;
const FAMILY = (subset: string) => `Card ${subset}`;

type SatoriFont = Parameters<typeof satori>[1]['fonts'][number];
let fonts: SatoriFont[] | null = null;

function loadFonts(): SatoriFont[] {
  if (fonts) return fonts;
  const files = join(dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');
  // A family per subset: satori falls back from one family of the list to the next for a missing glyph.
  fonts = SUBSETS.flatMap((subset) =>
    WEIGHTS.map((weight) => ({
      name: FAMILY(subset),
      data: readFileSync(join(files, `noto-sans-${subset}-${weight}-normal.woff`)),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

const FONT_FAMILY = SUBSETS.map(FAMILY).join(', ');

/** A satori element (its React-like shape, without React). */
interface Node {
  type: string;
  props: { style?: Record<string, unknown>; children?: Node | Node[] | string };
}
const el = (style: Record<string, unknown>, children?: Node | Node[] | string): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, ...(children === undefined ? {} : { children }) },
});

const MAX_TEXT = 120;
const clean = (value: string) => Array.from(stripUnsafeCharacters(value)).slice(0, MAX_TEXT).join('');

function avatar(person: CardPerson, size: number, overlap: boolean): Node {
  const name = clean(person.name);
  // The ring in the background colour separates two overlapping avatars.
  return el(
    {
      padding: 8,
      borderRadius: '50%',
      background: '#0f172a',
      ...(overlap ? { marginLeft: -size / 4 } : {}),
    },
    el(
      {
        width: size,
        height: size,
        borderRadius: '50%',
        background: `hsl(${avatarHue(name)}, 55%, 42%)`,
        alignItems: 'center',
        justifyContent: 'center',
        color: '#ffffff',
        fontSize: size * 0.4,
        fontWeight: 700,
      },
      initialsOf(name),
    ),
  );
}

function layout(content: CardContent): Node {
  const size = content.people.length > 1 ? 220 : 260;
  const pictures = content.people.slice(0, 2).map((person, index) => avatar(person, size, index > 0));
  const textWidth =
    CARD_SIZE.width - 2 * 72 - (pictures.length ? size * (pictures.length > 1 ? 1.75 : 1) + 56 : 0);
  return el(
    {
      width: CARD_SIZE.width,
      height: CARD_SIZE.height,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: 72,
      background: '#0f172a',
      color: '#f8fafc',
      fontFamily: FONT_FAMILY,
    },
    [
      el({ fontSize: 30, color: '#93c5fd', fontWeight: 700 }, 'Friends of the Channel'),
      el({ alignItems: 'center' }, [
        ...(pictures.length ? [el({ marginRight: 56 }, pictures)] : []),
        el({ flexDirection: 'column', width: textWidth }, [
          el(
            {
              fontSize: content.title.length > 40 ? 52 : 68,
              fontWeight: 700,
              lineHeight: 1.15,
              overflow: 'hidden',
              maxHeight: 170,
              wordBreak: 'break-word',
            },
            clean(content.title),
          ),
          ...content.lines.map((line) => el({ fontSize: 34, color: '#cbd5e1', marginTop: 18 }, clean(line))),
        ]),
      ]),
      el({ fontSize: 24, color: '#94a3b8' }, 'Who makes videos with whom'),
    ],
  );
}

/** The PNG bytes of `content`'s card. */
export async function drawCard(content: CardContent): Promise<Buffer> {
  const svg = await satori(layout(content) as unknown as Parameters<typeof satori>[0], {
    width: CARD_SIZE.width,
    height: CARD_SIZE.height,
    fonts: loadFonts(),
  });
  const image = await renderAsync(svg, { font: { loadSystemFonts: false } });
  return image.asPng();
}
