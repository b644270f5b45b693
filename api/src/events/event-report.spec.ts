import { eventReport, formatEventReport } from '../../../test-support/event-report';
import { MULTI_POV_SET } from '../../../test-support/multi-pov-set';

describe('event grouping on the labelled multi-POV set', () => {
  const report = eventReport(MULTI_POV_SET);

  it('holds at least 30 uploads in 10 events, with near misses', () => {
    expect(report.events).toBeGreaterThanOrEqual(10);
    expect(report.applied.uploads).toBeGreaterThanOrEqual(30 + 5);
  });

  it('puts at least 95% of uploads in the right event and merges no two events', () => {
    console.log(formatEventReport(report));
    expect(report.withReview.accuracy).toBeGreaterThanOrEqual(0.95);
    expect(report.withReview.merged).toBe(0);
    expect(report.applied.merged).toBe(0);
    expect(report.applied.accuracy).toBeGreaterThanOrEqual(0.8);
  });
});
