/**
 * Precision and recall of detectScored on a labelled set: auto-applied links (high confidence) must be
 * right, and auto + proposed together must find the credited collaborators. Per pattern as well. Pure,
 * so the unit test (with floors) and `npm run bench` print the same figures.
 */
import {
  boilerplateKeys,
  detectCollaborators,
  detectScored,
  nameMatchKey,
  type DetectableCreator,
  type DetectionPattern,
} from '@friends/shared';

export interface LabelledCase {
  category: string;
  channel: string;
  title: string;
  description: string;
  expected: { name: string; pattern: DetectionPattern }[];
}

export interface LabelledSet {
  creators: DetectableCreator[];
  cases: LabelledCase[];
}

export interface PatternFigures {
  /** Credited collaborators labelled with this pattern. */
  expected: number;
  /** Of those, found (auto or proposed). */
  found: number;
  /** Detections auto-applied by this pattern, and how many were right. */
  auto: number;
  autoCorrect: number;
}

export interface DetectionReport {
  cases: number;
  expected: number;
  auto: number;
  autoCorrect: number;
  proposed: number;
  proposedCorrect: number;
  /** autoCorrect / auto (1 when nothing was applied). */
  autoPrecision: number;
  /** (auto + proposed) found / expected. */
  recall: number;
  byPattern: Record<string, PatternFigures>;
  /** The unscored detector before (everything it found was applied): the baseline in the same run. */
  baseline: { precision: number; recall: number };
  /** Wrong auto-applied names and missed ones, for reading. */
  wrongAuto: string[];
  missed: string[];
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

export function detectionReport(set: LabelledSet): DetectionReport {
  const byId = new Map(set.creators.map((c) => [c.id, c]));
  const descriptionsByChannel = new Map<string, string[]>();
  for (const c of set.cases)
    descriptionsByChannel.set(c.channel, [...(descriptionsByChannel.get(c.channel) ?? []), c.description]);
  const boilerplate = new Map(
    [...descriptionsByChannel].map(([channel, list]) => [channel, boilerplateKeys(list)] as const),
  );
  const report: DetectionReport = {
    cases: set.cases.length,
    expected: 0,
    auto: 0,
    autoCorrect: 0,
    proposed: 0,
    proposedCorrect: 0,
    autoPrecision: 1,
    recall: 1,
    byPattern: {},
    baseline: { precision: 1, recall: 1 },
    wrongAuto: [],
    missed: [],
  };
  const figures = (pattern: string) =>
    (report.byPattern[pattern] ??= { expected: 0, found: 0, auto: 0, autoCorrect: 0 });
  let found = 0;
  for (const c of set.cases) {
    const detections = detectScored(
      { title: c.title, description: c.description, channelTitle: c.channel },
      set.creators,
      { boilerplate: boilerplate.get(c.channel) },
    );
    const keyOf = (d: { name: string; creatorId: number | null }) =>
      nameMatchKey(d.creatorId !== null ? (byId.get(d.creatorId)?.name ?? d.name) : d.name);
    const expected = new Set(c.expected.map((e) => nameMatchKey(e.name)));
    const detected = new Set(detections.map(keyOf));
    for (const d of detections) {
      const right = expected.has(keyOf(d));
      if (d.confidence === 'high') {
        report.auto++;
        figures(d.pattern).auto++;
        if (right) {
          report.autoCorrect++;
          figures(d.pattern).autoCorrect++;
        } else report.wrongAuto.push(`${d.text} → ${d.name} (${c.title})`);
      } else {
        report.proposed++;
        if (right) report.proposedCorrect++;
      }
    }
    for (const e of c.expected) {
      report.expected++;
      figures(e.pattern).expected++;
      if (detected.has(nameMatchKey(e.name))) {
        found++;
        figures(e.pattern).found++;
      } else report.missed.push(`${e.name} [${e.pattern}] (${c.title})`);
    }
  }
  let baseApplied = 0;
  let baseRight = 0;
  let baseFound = 0;
  for (const c of set.cases) {
    const legacy = detectCollaborators(
      { title: c.title, description: c.description, channelTitle: c.channel },
      set.creators,
    );
    const names = [
      ...legacy.existingIds.map((id) => byId.get(id)?.name ?? ''),
      ...legacy.toCreate.map((t) => t.name),
    ].map(nameMatchKey);
    const expected = new Set(c.expected.map((e) => nameMatchKey(e.name)));
    baseApplied += names.length;
    baseRight += names.filter((n) => expected.has(n)).length;
    baseFound += [...expected].filter((n) => names.includes(n)).length;
  }
  report.baseline = { precision: ratio(baseRight, baseApplied), recall: ratio(baseFound, report.expected) };
  report.autoPrecision = ratio(report.autoCorrect, report.auto);
  report.recall = ratio(found, report.expected);
  return report;
}

/** The report as a small table of text. */
export function formatDetectionReport(report: DetectionReport): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const rows = Object.entries(report.byPattern)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([pattern, f]) =>
        `  ${pattern.padEnd(13)} recall ${pct(ratio(f.found, f.expected)).padStart(6)} (${f.found}/${f.expected})` +
        `   auto precision ${pct(ratio(f.autoCorrect, f.auto)).padStart(6)} (${f.autoCorrect}/${f.auto})`,
    );
  return [
    `Detection quality on ${report.cases} labelled videos (${report.expected} credited collaborators)`,
    `  auto-applied precision ${pct(report.autoPrecision)} (${report.autoCorrect}/${report.auto})`,
    `  auto + proposed recall ${pct(report.recall)}; proposals ${report.proposed} (${report.proposedCorrect} right)`,
    `  baseline (unscored detector, all applied): precision ${pct(report.baseline.precision)}, recall ${pct(report.baseline.recall)}`,
    ...rows,
  ].join('\n');
}
