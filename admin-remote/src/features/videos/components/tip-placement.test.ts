import { placeTip } from './tip-placement';

const viewport = { width: 360, height: 640 };
const tip = { width: 200, height: 60 };

describe('placeTip', () => {
  it('puts the tip under its anchor when there is room', () => {
    expect(placeTip({ top: 100, bottom: 118, left: 20, right: 38 }, tip, viewport)).toEqual({
      top: 122,
      left: 20,
    });
  });

  it('puts it above the anchor near the bottom of the viewport (the last row)', () => {
    expect(placeTip({ top: 600, bottom: 618, left: 20, right: 38 }, tip, viewport)).toEqual({
      top: 536,
      left: 20,
    });
  });

  it('shifts it left to stay inside the right edge', () => {
    expect(placeTip({ top: 100, bottom: 118, left: 300, right: 318 }, tip, viewport)).toEqual({
      top: 122,
      left: 152,
    });
  });
});
