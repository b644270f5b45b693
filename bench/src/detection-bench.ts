/** Detection quality on the labelled set (shared/src/fixtures): the same report the unit test checks. */
import { detectionReport, formatDetectionReport, type DetectionReport } from '@friends/shared';
import { DETECTION_SET } from '../../shared/src/fixtures/detection-set';

export function runDetectionReport(): { report: DetectionReport; text: string } {
  const report = detectionReport(DETECTION_SET);
  return { report, text: formatDetectionReport(report) };
}
