/**
 * Where a tooltip goes so it stays wholly inside the viewport: under its anchor, or above it when there
 * is no room below, and shifted left or right to fit. Fixed positioning (viewport coordinates) also
 * keeps it out of a scrolling list's clipping, where the last row's tip was cut to a sliver.
 */
export interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const GAP = 4;
const EDGE = 8;

export function placeTip(
  anchor: Box,
  tip: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const below = anchor.bottom + GAP;
  const above = anchor.top - GAP - tip.height;
  const top = below + tip.height <= viewport.height - EDGE || above < EDGE ? below : above;
  const left = Math.min(Math.max(EDGE, anchor.left), Math.max(EDGE, viewport.width - EDGE - tip.width));
  return { top: Math.max(EDGE, Math.min(top, viewport.height - EDGE - tip.height)), left };
}
