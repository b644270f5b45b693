/**
 * Collab events on the labelled multi-POV set (test-support/multi-pov-set.ts): the rules' figures (the
 * same report api/src/events/event-report.spec.ts holds floors on), and the same set imported through the
 * running API from the fake YouTube in the admin screen's chunks, scored as imported (links applied) and
 * after every proposed grouping is accepted from review.
 */
import {
  API_ROUTES,
  IMPORT_CHUNK_SIZE,
  REVIEW_ROUTES,
  extractVideoId,
  type EventProposalPage,
  type Video,
} from '@friends/shared';
import { startFakeYouTube } from '../../api/test/support/fake-youtube';
import {
  eventFigures,
  eventReport,
  formatEventReport,
  type EventFigures,
} from '../../test-support/event-report';
import { MULTI_POV_SET } from '../../test-support/multi-pov-set';
import type { RunningApi } from './server';

export function runEventReport(): string {
  return formatEventReport(eventReport(MULTI_POV_SET));
}

export interface EventImportFigures {
  applied: EventFigures;
  withReview: EventFigures;
  proposals: number;
}

/** The multi-POV set's fake, for runEventImport (its API must point at it). */
export function startMultiPovFake() {
  return startFakeYouTube({ multiPov: true, benchVideos: 0 });
}

export async function runEventImport(api: RunningApi): Promise<EventImportFigures> {
  const cookie = await api.login();
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(api.url + path, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const keys = MULTI_POV_SET.uploads.map((u) => u.key);
  for (let i = 0; i < keys.length; i += IMPORT_CHUNK_SIZE)
    await call('POST', '/api/youtube/import', {
      items: keys.slice(i, i + IMPORT_CHUNK_SIZE).map((id) => ({ id })),
      importId: 'bench-multi-pov',
      last: i + IMPORT_CHUNK_SIZE >= keys.length,
    });
  const groups = async (): Promise<string[][]> => {
    const byEvent = new Map<number, string[]>();
    for (const video of await call<Video[]>('GET', API_ROUTES.videos)) {
      const key = extractVideoId(video.url);
      if (video.eventId === null || !key) continue;
      byEvent.set(video.eventId, [...(byEvent.get(video.eventId) ?? []), key]);
    }
    return [...byEvent.values()];
  };
  const { wrong: _applied, ...applied } = eventFigures(MULTI_POV_SET, await groups());
  const page = await call<EventProposalPage>('GET', `${REVIEW_ROUTES.events}?limit=200`);
  for (const item of page.items) {
    const response = await fetch(api.url + REVIEW_ROUTES.acceptEvent(item.id), {
      method: 'POST',
      headers: { cookie },
    });
    // 404: an earlier accept settled it (both uploads already in one event).
    if (!response.ok && response.status !== 404)
      throw new Error(`accepting proposal ${item.id} answered ${response.status}`);
  }
  const { wrong: _review, ...withReview } = eventFigures(MULTI_POV_SET, await groups());
  return { applied, withReview, proposals: page.total };
}

export function formatEventImport(figures: EventImportFigures): string {
  const row = (what: string, f: EventFigures) =>
    `  ${what.padEnd(26)} ${f.right}/${f.uploads} uploads in the right event (${(f.accuracy * 100).toFixed(1)}%), ${f.merged} merged events`;
  return [
    'Multi-POV events through the import (fake YouTube, real API):',
    row('applied at import', figures.applied),
    row(`+ ${figures.proposals} proposals accepted`, figures.withReview),
  ].join('\n');
}
