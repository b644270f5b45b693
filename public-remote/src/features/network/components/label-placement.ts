/**
 * Where the network graph may write names without any two overlapping each other or another node's
 * circle. Names are placed in priority order (the centre, then the closest collaborators), each below,
 * above, right or left of its node, whichever is free first; a name with no free place is left to the
 * hover label, the tooltip and the lists under the graph. On a narrow screen the names grow in graph
 * units (they keep their size on screen), so fewer fit. Given the graph's bounds, a name is only ever
 * placed wholly inside them: next to an edge it flips to the other side of its node or slides along it,
 * so no name is cut by the edge of the drawing.
 */

export interface LabelCandidate {
  id: number;
  x: number;
  y: number;
  /** The node's radius. */
  r: number;
  text: string;
  /** The name's size relative to `fontSize` (smaller for the second hop); 1 when absent. */
  scale?: number;
}

export interface PlacedLabel {
  id: number;
  /** The text's anchor point and alignment, as SVG <text> takes them. */
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  /** The font size it was placed at, in graph units. */
  fontSize: number;
  /** The box the name takes, in graph units. */
  box: Box;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const inside = (box: Box, bounds: Box) =>
  box.left >= bounds.left &&
  box.right <= bounds.right &&
  box.top >= bounds.top &&
  box.bottom <= bounds.bottom;

/** The box moved sideways, as little as it takes, to lie within the bounds' width (null if too wide). */
function slideInto(box: Box, bounds: Box): Box | null {
  const width = box.right - box.left;
  if (width > bounds.right - bounds.left) return null;
  const left = Math.min(Math.max(box.left, bounds.left), bounds.right - width);
  return { ...box, left, right: left + width };
}

/** A rough text width for when nothing can measure it (tests): 0.62 em per character. */
export const estimateWidth = (text: string, fontSize: number) => text.length * fontSize * 0.62;

/**
 * @param candidates in priority order
 * @param nodes every node's circle, labelled or not
 * @param fontSize in graph units
 * @param measure text width in graph units at that size
 * @param bounds the drawing's visible area in graph units: no name is placed outside it
 */
export function placeLabels(
  candidates: readonly LabelCandidate[],
  nodes: readonly { id: number; x: number; y: number; r: number }[],
  baseFontSize: number,
  measure: (text: string, fontSize: number) => number = estimateWidth,
  bounds?: Box,
): PlacedLabel[] {
  const taken: Box[] = [];
  const circles = nodes.map((node) => ({
    id: node.id,
    box: { left: node.x - node.r, top: node.y - node.r, right: node.x + node.r, bottom: node.y + node.r },
  }));
  const placed: PlacedLabel[] = [];
  for (const label of candidates) {
    const fontSize = baseFontSize * (label.scale ?? 1);
    const gap = fontSize * 0.25;
    const height = fontSize * 1.2;
    const width = measure(label.text, fontSize) + gap;
    const { x, y, r } = label;
    // Box and text anchor of each place, the baseline about 0.8 em below the box's top.
    const places: { box: Box; at: Omit<PlacedLabel, 'fontSize' | 'box'> }[] = [
      {
        box: { left: x - width / 2, top: y + r + gap, right: x + width / 2, bottom: y + r + gap + height },
        at: { id: label.id, x, y: y + r + gap + fontSize * 0.9, anchor: 'middle' },
      },
      {
        box: { left: x - width / 2, top: y - r - gap - height, right: x + width / 2, bottom: y - r - gap },
        at: { id: label.id, x, y: y - r - gap - fontSize * 0.3, anchor: 'middle' },
      },
      {
        box: { left: x + r + gap, top: y - height / 2, right: x + r + gap + width, bottom: y + height / 2 },
        at: { id: label.id, x: x + r + gap, y: y + fontSize * 0.35, anchor: 'start' },
      },
      {
        box: { left: x - r - gap - width, top: y - height / 2, right: x - r - gap, bottom: y + height / 2 },
        at: { id: label.id, x: x - r - gap, y: y + fontSize * 0.35, anchor: 'end' },
      },
    ];
    // Near a side edge: below or above, slid along so the whole name stays in the drawing.
    if (bounds)
      for (const { box, at } of places.slice(0, 2)) {
        const slid = slideInto(box, bounds);
        if (slid && slid.left !== box.left)
          places.push({ box: slid, at: { ...at, x: (slid.left + slid.right) / 2 } });
      }
    const free = places.find(
      ({ box }) =>
        (!bounds || inside(box, bounds)) &&
        !taken.some((other) => overlaps(box, other)) &&
        !circles.some((circle) => circle.id !== label.id && overlaps(box, circle.box)),
    );
    if (!free) continue;
    taken.push(free.box);
    placed.push({ ...free.at, fontSize, box: free.box });
  }
  return placed;
}
