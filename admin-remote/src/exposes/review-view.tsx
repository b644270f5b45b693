/** Exposed as './ReviewView': the review queue of weak detections. */
export { ReviewQueue as default } from '../features/review/components/review-queue';
