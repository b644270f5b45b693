import { estimateWidth, placeLabels, type LabelCandidate } from './label-placement';

const node = (id: number, x: number, y: number, text = `Creator ${id}`, r = 5): LabelCandidate => ({
  id,
  x,
  y,
  r,
  text,
});

/** The box each placed label takes, as placeLabels reckons it (estimated widths). */
function boxes(labels: ReturnType<typeof placeLabels>, candidates: LabelCandidate[], fontSize: number) {
  return labels.map((label) => {
    const width = estimateWidth(candidates.find((c) => c.id === label.id)!.text, fontSize);
    const left =
      label.anchor === 'start' ? label.x : label.anchor === 'end' ? label.x - width : label.x - width / 2;
    return { left, right: left + width, top: label.y - fontSize * 0.9, bottom: label.y + fontSize * 0.3 };
  });
}

describe('placeLabels', () => {
  it('writes every name below its node when there is room', () => {
    const nodes = [node(1, 0, 0), node(2, 200, 0), node(3, 0, 200)];
    const placed = placeLabels(nodes, nodes, 10);
    expect(placed.map((label) => [label.id, label.anchor])).toEqual([
      [1, 'middle'],
      [2, 'middle'],
      [3, 'middle'],
    ]);
    expect(placed.every((label, i) => label.y > nodes[i]!.y)).toBe(true);
  });

  it('moves a name aside when the place below is taken, and drops it when no place is free', () => {
    // Two nodes one above the other: the upper name cannot go below (the lower node is there).
    const crowded = [node(1, 0, 0, 'Alpha'), node(2, 0, 20, 'Beta')];
    const placed = placeLabels(crowded, crowded, 10);
    expect(placed).toHaveLength(2);
    expect(placed[0]!.y).toBeLessThan(0);
    expect(placed[1]!.y).toBeGreaterThan(20);

    // A tight ring of nodes with long names around the centre: not all of them fit.
    const ring = [node(0, 0, 0, 'The Centre')].concat(
      Array.from({ length: 12 }, (_, i) =>
        node(i + 1, Math.cos(i / 2) * 45, Math.sin(i / 2) * 45, `A rather long creator name ${i}`),
      ),
    );
    const some = placeLabels(ring, ring, 10);
    expect(some[0]!.id).toBe(0);
    expect(some.length).toBeLessThan(ring.length);
    const placedBoxes = boxes(some, ring, 10);
    for (const [i, a] of placedBoxes.entries()) {
      for (const b of placedBoxes.slice(i + 1)) {
        expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).toBe(false);
      }
    }
  });

  it('fits fewer names as they grow in graph units (a narrower screen)', () => {
    const nodes = Array.from({ length: 20 }, (_, i) => node(i, (i % 5) * 60, Math.floor(i / 5) * 40));
    const wide = placeLabels(nodes, nodes, 8).length;
    const narrow = placeLabels(nodes, nodes, 24).length;
    expect(wide).toBe(20);
    expect(narrow).toBeLessThan(wide);
  });

  it('keeps every name inside the bounds: flips or slides it at an edge, drops it when nothing fits', () => {
    const bounds = { left: -100, top: -100, right: 100, bottom: 100 };
    const nodes = [
      node(1, 0, 95, 'Bottom Edge'), // no room below: above
      node(2, -98, 0, 'Left Edge Creator'), // centred below would cross the left edge: slid right
      node(3, 98, -40, 'Right Edge Creator'), // slid left
      node(4, 0, 0, 'A name far too long to fit anywhere inside these narrow bounds at all'),
    ];
    const placed = placeLabels(nodes, nodes, 10, estimateWidth, bounds);
    expect(placed.map((label) => label.id)).toEqual([1, 2, 3]);
    expect(placed[0]!.y).toBeLessThan(95);
    for (const label of placed) {
      expect(label.box.left).toBeGreaterThanOrEqual(bounds.left);
      expect(label.box.right).toBeLessThanOrEqual(bounds.right);
      expect(label.box.top).toBeGreaterThanOrEqual(bounds.top);
      expect(label.box.bottom).toBeLessThanOrEqual(bounds.bottom);
    }
    // Without bounds the same names are written where they cross the edges.
    expect(placeLabels(nodes, nodes, 10).some((label) => label.box.left < bounds.left)).toBe(true);
  });

  it('places a smaller name at its own size', () => {
    const small = { ...node(1, 0, 0, 'Second Hop'), scale: 10 / 12 };
    const [label] = placeLabels([small], [small], 12);
    expect(label!.fontSize).toBeCloseTo(10);
    expect(label!.box.right - label!.box.left).toBeCloseTo(estimateWidth('Second Hop', 10) + 2.5);
  });
});
