/**
 * How well the import's event rules group a labelled multi-POV set (multi-pov-set.ts): detection finds
 * each upload's authors as an import would (high-confidence links applied), then the shared grouping
 * runs. An upload is right when the uploads grouped with it are exactly its labelled event's; two labelled
 * events in one group is a merge. Figures with the strong groupings only (applied at once) and with the
 * weak ones accepted from review too. The unit test holds floors; `npm run bench` prints the same figures.
 */
import { detectScored, groupUploads, linkedVideoKeys, strongParts, type EventUpload } from '@friends/shared';
import type { MultiPovSet } from './multi-pov-set';

export interface EventFigures {
  uploads: number;
  /** Uploads whose group equals their labelled event. */
  right: number;
  /** right / uploads. */
  accuracy: number;
  /** Groups holding uploads of two or more labelled events. */
  merged: number;
}

export interface EventReport {
  events: number;
  applied: EventFigures;
  withReview: EventFigures;
  wrong: string[];
}

export function eventUploads(set: MultiPovSet): EventUpload[] {
  const creators = set.creators.map((c) => ({ id: c.id, name: c.name, handles: [c.handle] }));
  const byId = new Map(set.creators.map((c) => [c.id, c]));
  return set.uploads.map((u) => {
    const detections = detectScored(
      {
        title: u.title,
        description: u.description,
        channelTitle: byId.get(u.channelId)?.name ?? '',
        ownerId: u.channelId,
      },
      creators,
    );
    const credited = detections
      .filter((d) => d.confidence === 'high' && d.creatorId !== null)
      .map((d) => d.creatorId!);
    return {
      key: u.key,
      uploaderId: u.channelId,
      authorIds: [u.channelId, ...credited.filter((id) => id !== u.channelId)],
      publishedAt: u.publishedAt,
      linkedKeys: linkedVideoKeys(u.description),
    };
  });
}

/** Scores groups of upload keys (each event's keys) against the labels. */
export function eventFigures(set: MultiPovSet, groups: string[][]): EventFigures & { wrong: string[] } {
  const label = new Map(set.uploads.map((u) => [u.key, u.event ?? `alone:${u.key}`]));
  const groupOf = new Map<string, string[]>();
  for (const group of groups) for (const key of group) groupOf.set(key, group);
  let right = 0;
  const wrong: string[] = [];
  for (const upload of set.uploads) {
    const expected = set.uploads.filter((u) => label.get(u.key) === label.get(upload.key)).map((u) => u.key);
    const got = groupOf.get(upload.key) ?? [upload.key];
    const same = got.length === expected.length && expected.every((k) => got.includes(k));
    if (same) right++;
    else wrong.push(`${upload.key}: grouped with [${got.join(', ')}], expected [${expected.join(', ')}]`);
  }
  const merged = groups.filter((g) => new Set(g.map((k) => label.get(k))).size > 1).length;
  return { uploads: set.uploads.length, right, accuracy: right / set.uploads.length, merged, wrong };
}

export function eventReport(set: MultiPovSet): EventReport {
  const uploads = eventUploads(set);
  const applied = eventFigures(set, strongParts(uploads));
  const withReview = eventFigures(
    set,
    groupUploads(uploads).map((g) => g.keys),
  );
  const { wrong: _appliedWrong, ...appliedFigures } = applied;
  const { wrong, ...reviewFigures } = withReview;
  return {
    events: new Set(set.uploads.map((u) => u.event).filter(Boolean)).size,
    applied: appliedFigures,
    withReview: reviewFigures,
    wrong,
  };
}

export function formatEventReport(report: EventReport): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const row = (what: string, f: EventFigures) =>
    `${what.padEnd(28)} ${String(f.right).padStart(3)}/${f.uploads} uploads in the right event (${pct(f.accuracy)}), ${f.merged} merged events`;
  return [
    `Multi-POV events: ${report.events} labelled events`,
    row('  applied at once (links)', report.applied),
    row('  + accepted from review', report.withReview),
    ...report.wrong.map((w) => `  wrong: ${w}`),
  ].join('\n');
}
