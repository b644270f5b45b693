/**
 * Where the network graph may write names without any two overlapping each other or another node's
 * circle. Names are placed in priority order (the centre, then the closest collaborators), each below,
 * above, right or left of its node, whichever is free first; a name with no free place is left to the
 * hover label, the tooltip and the lists under the graph. On a narrow screen the names grow in graph
 * units (they keep their size on screen), so fewer fit.
 */

export interface LabelCandidate {
  id: number;
  x: number;
  y: number;
  /** The node's radius. */
  r: number;
  text: string;
}

export interface PlacedLabel {
  id: number;
  /** The text's anchor point and alignment, as SVG <text> takes them. */
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A rough text width for when nothing can measure it (tests): 0.62 em per character. */
export const estimateWidth = (text: string, fontSize: number) => text.length * fontSize * 0.62;

/**
 * @param candidates in priority order
 * @param nodes every node's circle, labelled or not
 * @param fontSize in graph units
 * @param measure text width in graph units at that size
 */
export function placeLabels(
  candidates: readonly LabelCandidate[],
  nodes: readonly { id: number; x: number; y: number; r: number }[],
  fontSize: number,
  measure: (text: string, fontSize: number) => number = estimateWidth,
): PlacedLabel[] {
  const gap = fontSize * 0.25;
  const height = fontSize * 1.2;
  const taken: Box[] = [];
  const circles = nodes.map((node) => ({
    id: node.id,
    box: { left: node.x - node.r, top: node.y - node.r, right: node.x + node.r, bottom: node.y + node.r },
  }));
  const placed: PlacedLabel[] = [];
  for (const label of candidates) {
    const width = measure(label.text, fontSize) + gap;
    const { x, y, r } = label;
    // Box and text anchor of each place, the baseline about 0.8 em below the box's top.
    const places: { box: Box; at: PlacedLabel }[] = [
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
    const free = places.find(
      ({ box }) =>
        !taken.some((other) => overlaps(box, other)) &&
        !circles.some((circle) => circle.id !== label.id && overlaps(box, circle.box)),
    );
    if (!free) continue;
    taken.push(free.box);
    placed.push(free.at);
  }
  return placed;
}
