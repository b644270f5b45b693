/**
 * Evidence on video–creator links and the review queue of weak detections: routes, payloads, answers.
 * Admin-only; 401 without a session.
 */
import type { Confidence, EvidenceSource } from './detection';

export const REVIEW_ROUTES = {
  list: '/api/review', // GET ?offset=&limit= -> ReviewPage
  accept: (id: number) => `/api/review/${id}/accept`, // POST -> ReviewDecision
  reject: (id: number) => `/api/review/${id}/reject`, // POST -> ReviewDecision
  acceptMany: '/api/review/accept', // POST ReviewBulkInput -> ReviewBulkResult
  rejectMany: '/api/review/reject', // POST ReviewBulkInput -> ReviewBulkResult
  videoEvidence: (videoId: number) => `/api/videos/${videoId}/evidence`, // GET LinkEvidence[]
  events: '/api/review/events', // GET ?offset=&limit= -> EventProposalPage
  acceptEvent: (id: number) => `/api/review/events/${id}/accept`, // POST -> EventProposalDecision
  rejectEvent: (id: number) => `/api/review/events/${id}/reject`, // POST -> EventProposalDecision
} as const;

/** Proposals per page of GET /api/review (default, and the most asked for). */
export const REVIEW_PAGE_SIZE = 50;
export const REVIEW_MAX_LIMIT = 200;

/** Why a creator is an author of a video. */
export interface LinkEvidence {
  creatorId: number;
  source: EvidenceSource;
  /** The text that matched ('ft. Mirela Quince'), '' for a manual link. */
  text: string;
  /** null for links made before evidence was kept. */
  confidence: Confidence | null;
  /** ISO time, null for links made before evidence was kept. */
  at: string | null;
}

/** A weak detection waiting for an admin. */
export interface ReviewItem {
  id: number;
  videoId: number;
  videoTitle: string;
  videoUrl: string;
  /** The name as credited. */
  name: string;
  /** The existing creator it names, or null: accepting creates one with that name. */
  creatorId: number | null;
  creatorName: string | null;
  source: EvidenceSource;
  text: string;
  confidence: Confidence;
}

export interface ReviewPage {
  items: ReviewItem[];
  /** Pending proposals in all (the tab badge). */
  total: number;
}

/** One upload of a proposed grouping. */
export interface EventProposalVideo {
  id: number;
  title: string;
  url: string;
  /** YYYY-MM-DD or ''. */
  date: string;
  authors: { id: number; name: string }[];
  /** The event it is already in, or null. */
  eventId: number | null;
}

/**
 * A weak grouping waiting for an admin: two uploads by different channels, published within 48 hours,
 * each crediting the other's uploader. Accepting puts them in one event (joining the event one of them
 * is in, or merging their two events); rejecting drops the proposal.
 */
export interface EventProposalItem {
  id: number;
  videos: EventProposalVideo[];
  /** 'Published within 48 hours (3 h apart), each credits the other's uploader'. */
  reason: string;
  /** ISO time it was proposed. */
  createdAt: string;
}

export interface EventProposalPage {
  items: EventProposalItem[];
  total: number;
}

export interface EventProposalDecision {
  id: number;
  /** The event the uploads are now in (accept), or null (reject). */
  eventId: number | null;
}

export interface ReviewDecision {
  id: number;
  videoId: number;
  /** The creator linked (accept) or null (reject). */
  creatorId: number | null;
  /** Said when creators made from an @handle keep the handle (no key, or YouTube could not be reached). */
  notice?: string;
}

export interface ReviewBulkInput {
  ids: number[];
}

export interface ReviewBulkResult {
  done: number;
  /** Proposals already decided or unknown. */
  failed: number;
  /** Said when creators made from an @handle keep the handle (no key, or YouTube could not be reached). */
  notice?: string;
}

/** One line saying how a link was made, for the evidence marker on an author chip. */
export function describeEvidence(evidence: Omit<LinkEvidence, 'creatorId'>): string {
  if (evidence.source === 'unknown') return 'Linked before evidence was kept';
  const parts: string[] = [evidence.source === 'manual' ? 'manual (added by an admin)' : evidence.source];
  if (evidence.text) parts.push(`“${evidence.text}”`);
  if (evidence.confidence) parts.push(`${evidence.confidence} confidence`);
  if (evidence.at) parts.push(`${evidence.at.slice(0, 16).replace('T', ' ')} UTC`);
  return parts.join(' · ');
}
