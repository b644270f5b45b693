/**
 * The card image of a link preview: a 1200 × 630 PNG laid out by satori (flexbox to SVG, text shaped
 * with the fonts of card-fonts.ts, every script a name may be written in) and rasterised by resvg, both
 * in the process that calls `drawCard`: the API's card process (card-drawer.ts), never the API's event loop.
 * Photos are not fetched (they live on third-party hosts): every person is drawn as the generated
 * avatar, initials on the colour of their name.
 */
import { Resvg } from '@resvg/resvg-js';
import { CARD_SIZE, avatarColor, avatarHue, initialsOf, stripUnsafeCharacters } from '@friends/shared';
import satori from 'satori';
import { BASE_FAMILIES, baseFonts, fontsForSegment } from './card-fonts';

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

const FONT_FAMILY = BASE_FAMILIES.join(', ');

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
        background: avatarColor(avatarHue(name)),
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

let alone: ReturnType<typeof baseFonts> | null = null;
/** The base fonts as a set of their own: satori adds the other scripts' fonts to a set once loaded. */
function baseFontsAlone(): ReturnType<typeof baseFonts> {
  alone ??= baseFonts().map((font) => Object.assign({}, font, { data: Buffer.from(font.data as Buffer) }));
  return alone;
}

/**
 * The SVG of `content`'s card, text drawn as paths. `otherScripts: false` draws with the Latin,
 * Cyrillic and Greek fonts alone (what cards looked like before: other scripts as boxes).
 */
export function cardSvg(content: CardContent, otherScripts = true): Promise<string> {
  return satori(layout(content) as unknown as Parameters<typeof satori>[0], {
    width: CARD_SIZE.width,
    height: CARD_SIZE.height,
    ...(otherScripts
      ? {
          fonts: baseFonts(),
          loadAdditionalAsset: (_language: string, segment: string) =>
            Promise.resolve(fontsForSegment(segment)),
        }
      : { fonts: baseFontsAlone() }),
  });
}

/** Draws between two collections: at most this many images (3 MB each) wait to be freed. */
const DRAWS_PER_COLLECTION = 8;
let drawsSinceCollection = 0;

/**
 * resvg's image holds its 3 MB of pixels outside V8's heap, which does not count them: they are freed
 * only when V8 collects the small handle, and a heap that grows little may go hundreds of cards without
 * a full collection (200 cards added 600 MB of RSS). With `--expose-gc` (api/package.json
 * `runtimeFlags`) every DRAWS_PER_COLLECTION draws are followed by a collection, a turn later, once the
 * handles are unreachable. A young-generation one is not enough: a handle that lived through a draw
 * under load has moved to the old generation.
 */
function freeImages(): void {
  const collect = globalThis.gc;
  if (!collect || ++drawsSinceCollection < DRAWS_PER_COLLECTION) return;
  drawsSinceCollection = 0;
  setImmediate(() => collect());
}

/** The PNG bytes of `content`'s card, laid out and rasterised on the calling thread. */
export async function drawCard(content: CardContent): Promise<Buffer> {
  const svg = await cardSvg(content);
  try {
    return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
  } finally {
    freeImages();
  }
}
