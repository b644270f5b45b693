/** Detection quality on the labelled set (detection-set.ts): the same report the unit test checks. */
import { detectionReport, formatDetectionReport, type DetectionReport } from './detection-report';
import { DETECTION_SET } from './detection-set';

export function runDetectionReport(): { report: DetectionReport; text: string } {
  const report = detectionReport(DETECTION_SET);
  return { report, text: formatDetectionReport(report) };
}
