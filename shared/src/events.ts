/**
 * Collab events: the uploads of one collaboration by several channels ("my POV", "ft.", "w/") grouped so
 * the collaboration is counted once (docs/product.md "Collab events"). The rules are pure: the import
 * gathers each upload's authors after detection, its date and the videos its description links, and
 * applies the strong groupings at once and proposes the weak ones for review.
 *
 * - Strong: a description links another upload (in the catalogue or the same import), the two share an
 *   author, and they were published within LINKED_UPLOADS_WINDOW_DAYS of each other (a link to "our last
 *   collab" two weeks earlier names another afternoon, not this one).
 * - Weak: two uploads by different uploaders, published within MUTUAL_CREDIT_WINDOW_HOURS, each crediting
 *   the other's uploader.
 * Groupings join transitively (A links B, B links C: one event of three), strong ones only with strong.
 */
import { extractVideoId } from './urls';

/** Uploads that credit each other within this many hours are probably one collaboration. */
export const MUTUAL_CREDIT_WINDOW_HOURS = 48;
/** A linked upload further apart than this is another collaboration of the same people. */
export const LINKED_UPLOADS_WINDOW_DAYS = 7;
/** An event holds at least this many videos (one video alone is no event). */
export const EVENT_MIN_VIDEOS = 2;
/** At most this many videos in one event made by hand. */
export const EVENT_MAX_VIDEOS = 50;

export type EventStrength = 'link' | 'mutual-credit';

/** What the grouping reads of one upload. */
export interface EventUpload {
  /** The upload's key: its YouTube video id, or any unique string for other platforms. */
  key: string;
  /** The creator who uploaded it (the host), when known. */
  uploaderId: number | null;
  /** Every author after detection, the uploader included. */
  authorIds: readonly number[];
  /** ISO date-time it was published, or null. */
  publishedAt: string | null;
  /** Keys of the uploads its description links (see linkedVideoKeys). */
  linkedKeys: readonly string[];
  /** The event it already belongs to, if any (uploads already in the catalogue). */
  eventId?: number | null;
  /** Its title, for the evidence shown to the admin (the key when absent). */
  title?: string;
}

/** Two uploads that belong together, and why. */
export interface EventPair {
  a: string;
  b: string;
  strength: EventStrength;
  /** Plain words for the evidence shown to the admin. */
  reason: string;
}

/** Uploads grouped into one event: `strength` is 'link' when every join was strong. */
export interface EventGroup {
  keys: string[];
  strength: EventStrength;
  pairs: EventPair[];
}

const HOUR_MS = 3_600_000;

/** Keys (YouTube video ids) of the videos a description links, in order of appearance, without repeats. */
export function linkedVideoKeys(description: string): string[] {
  const keys: string[] = [];
  for (const match of description.matchAll(/\bhttps?:\/\/[^\s<>"'）)\]]+/giu)) {
    const id = extractVideoId(match[0].replace(/[.,!?;:]+$/u, ''));
    if (id && !keys.includes(id)) keys.push(id);
  }
  return keys;
}

function hoursApart(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  if (Number.isNaN(ta) || Number.isNaN(tb)) return null;
  return Math.abs(ta - tb) / HOUR_MS;
}

const label = (upload: EventUpload) => (upload.title ? `“${upload.title}”` : upload.key);

function sharesAuthor(a: EventUpload, b: EventUpload): boolean {
  const mine = new Set(a.authorIds);
  return b.authorIds.some((id) => mine.has(id));
}

/** Why two uploads belong together, or null. Strong wins over weak. */
export function pairEvidence(a: EventUpload, b: EventUpload): EventPair | null {
  if (a.key === b.key) return null;
  const apart = hoursApart(a.publishedAt, b.publishedAt);
  const links = a.linkedKeys.includes(b.key) || b.linkedKeys.includes(a.key);
  if (links && sharesAuthor(a, b) && (apart === null || apart <= LINKED_UPLOADS_WINDOW_DAYS * 24)) {
    const [from, to] = a.linkedKeys.includes(b.key) ? [a, b] : [b, a];
    return { a: a.key, b: b.key, strength: 'link', reason: `${label(from)} links ${label(to)}` };
  }
  if (
    apart !== null &&
    apart <= MUTUAL_CREDIT_WINDOW_HOURS &&
    a.uploaderId !== null &&
    b.uploaderId !== null &&
    a.uploaderId !== b.uploaderId &&
    a.authorIds.includes(b.uploaderId) &&
    b.authorIds.includes(a.uploaderId)
  ) {
    return {
      a: a.key,
      b: b.key,
      strength: 'mutual-credit',
      reason: `Published within ${MUTUAL_CREDIT_WINDOW_HOURS} hours (${Math.round(apart)} h apart), each credits the other's uploader`,
    };
  }
  return null;
}

class DisjointSet {
  private readonly parent = new Map<string, string>();
  find(x: string): string {
    let root = x;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    this.parent.set(x, root);
    return root;
  }
  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
  }
}

/**
 * The pairs of uploads with evidence of one event, each pair once: every link (pairEvidence checks the
 * window), and mutual credits between neighbours in time only, so a large catalogue costs its
 * neighbours, not its square. Pairs across two different existing events, or refused by `wanted`, are
 * left out.
 */
function candidatePairs(
  uploads: readonly EventUpload[],
  wanted: (a: EventUpload, b: EventUpload) => boolean,
): EventPair[] {
  const byKey = new Map(uploads.map((u) => [u.key, u]));
  const pairs: EventPair[] = [];
  const seen = new Set<string>();
  const consider = (a: EventUpload, b: EventUpload) => {
    if (!wanted(a, b)) return;
    const id = a.key < b.key ? `${a.key}\n${b.key}` : `${b.key}\n${a.key}`;
    if (seen.has(id)) return;
    seen.add(id);
    if (a.eventId != null && b.eventId != null && a.eventId !== b.eventId) return;
    const pair = pairEvidence(a, b);
    if (pair) pairs.push(pair);
  };
  for (const upload of uploads)
    for (const key of upload.linkedKeys) {
      const other = byKey.get(key);
      if (other) consider(upload, other);
    }
  const dated = uploads
    .filter((u) => u.publishedAt && !Number.isNaN(Date.parse(u.publishedAt)))
    .map((u) => ({ upload: u, at: Date.parse(u.publishedAt!) }))
    .sort((x, y) => x.at - y.at);
  for (let i = 0; i < dated.length; i++)
    for (
      let j = i + 1;
      j < dated.length && dated[j]!.at - dated[i]!.at <= MUTUAL_CREDIT_WINDOW_HOURS * HOUR_MS;
      j++
    )
      consider(dated[i]!.upload, dated[j]!.upload);
  return pairs;
}

/**
 * Groups uploads into events. Strong pairs join first; a weak pair then joins two groups (strength
 * 'mutual-credit', for review) unless both sides already sit in different existing events. Only groups of
 * at least two uploads are returned, each group's keys in input order. Pairs are compared only among
 * uploads published within the longest window of each other (or undated), so a large catalogue costs
 * its neighbours, not its square.
 */
export function groupUploads(uploads: readonly EventUpload[]): EventGroup[] {
  const pairs = candidatePairs(uploads, () => true);

  const strong = new DisjointSet();
  for (const pair of pairs) if (pair.strength === 'link') strong.union(pair.a, pair.b);
  const all = new DisjointSet();
  for (const pair of pairs) all.union(pair.a, pair.b);
  const groups = new Map<string, EventGroup>();
  for (const upload of uploads) {
    const root = all.find(upload.key);
    const group = groups.get(root) ?? { keys: [], strength: 'link' as EventStrength, pairs: [] };
    group.keys.push(upload.key);
    groups.set(root, group);
  }
  for (const pair of pairs) groups.get(all.find(pair.a))!.pairs.push(pair);
  const result: EventGroup[] = [];
  for (const group of groups.values()) {
    if (group.keys.length < EVENT_MIN_VIDEOS) continue;
    const roots = new Set(group.keys.map((k) => strong.find(k)));
    group.strength = roots.size === 1 ? 'link' : 'mutual-credit';
    result.push(group);
  }
  return result;
}

/**
 * The strongly linked parts of a group (each applied as its own event) and whether the rest must be
 * proposed: a group joined by a weak pair splits into its strong parts, singletons dropped.
 */
export function strongParts(uploads: readonly EventUpload[]): string[][] {
  const strong = new DisjointSet();
  const byKey = new Map(uploads.map((u) => [u.key, u]));
  for (const upload of uploads)
    for (const key of upload.linkedKeys) {
      const other = byKey.get(key);
      const pair = other ? pairEvidence(upload, other) : null;
      if (
        pair?.strength === 'link' &&
        !(upload.eventId != null && other!.eventId != null && upload.eventId !== other!.eventId)
      )
        strong.union(upload.key, key);
    }
  const parts = new Map<string, string[]>();
  for (const upload of uploads) {
    const root = strong.find(upload.key);
    parts.set(root, [...(parts.get(root) ?? []), upload.key]);
  }
  return [...parts.values()].filter((p) => p.length >= EVENT_MIN_VIDEOS);
}

/** An event the import applies: uploads joined by links, and whether it adds to an existing event. */
export interface ImportEvent {
  /** The uploads, in input order; at least one is new. */
  keys: string[];
  /** The existing event they join, or null for a new one. */
  eventId: number | null;
  /** The links that joined them (the evidence). */
  pairs: EventPair[];
}

/** What an import does with the uploads it brought: events applied at once and pairs for review. */
export interface ImportGroupings {
  events: ImportEvent[];
  /** Weak pairs, one per two strongly joined parts, never inside one event nor across two events. */
  proposals: EventPair[];
}

/**
 * The groupings an import makes: only pairs with at least one `fresh` (just imported) upload count, so
 * uploads already in the catalogue that an admin left apart (or ungrouped) stay apart. Strong pairs
 * join parts (never two existing events: the first event reached wins); a part of two or more uploads
 * with a fresh one is applied, joining its existing event if it has one. A weak pair between two
 * parts is proposed once for those parts, unless both already sit in events.
 */
export function importGroupings(
  uploads: readonly EventUpload[],
  fresh: ReadonlySet<string>,
): ImportGroupings {
  const pairs = candidatePairs(uploads, (a, b) => fresh.has(a.key) || fresh.has(b.key));

  // Strong parts, each remembering the existing event it holds (at most one).
  const parts = new DisjointSet();
  const eventOf = new Map<string, number>();
  for (const upload of uploads) if (upload.eventId != null) eventOf.set(upload.key, upload.eventId);
  const joined: EventPair[] = [];
  for (const pair of pairs) {
    if (pair.strength !== 'link') continue;
    const ra = parts.find(pair.a);
    const rb = parts.find(pair.b);
    if (ra === rb) {
      joined.push(pair);
      continue;
    }
    const ea = eventOf.get(ra);
    const eb = eventOf.get(rb);
    if (ea !== undefined && eb !== undefined && ea !== eb) continue;
    parts.union(ra, rb);
    const root = parts.find(ra);
    const event = ea ?? eb;
    if (event !== undefined) eventOf.set(root, event);
    joined.push(pair);
  }
  const members = new Map<string, string[]>();
  for (const upload of uploads) {
    const root = parts.find(upload.key);
    members.set(root, [...(members.get(root) ?? []), upload.key]);
  }
  const events: ImportEvent[] = [];
  for (const [root, keys] of members) {
    if (keys.length < EVENT_MIN_VIDEOS || !keys.some((k) => fresh.has(k))) continue;
    const event = eventOf.get(root) ?? null;
    events.push({
      keys,
      eventId: event,
      pairs: joined.filter((p) => parts.find(p.a) === root),
    });
  }
  const proposals: EventPair[] = [];
  const proposedParts = new Set<string>();
  for (const pair of pairs) {
    if (pair.strength !== 'mutual-credit') continue;
    const ra = parts.find(pair.a);
    const rb = parts.find(pair.b);
    if (ra === rb) continue;
    const ea = eventOf.get(ra);
    const eb = eventOf.get(rb);
    if (ea !== undefined && eb !== undefined) continue;
    const id = ra < rb ? `${ra}\n${rb}` : `${rb}\n${ra}`;
    if (proposedParts.has(id)) continue;
    proposedParts.add(id);
    proposals.push(pair);
  }
  return { events, proposals };
}

/**
 * An event's evidence (`events.evidence`: each reason that grouped its uploads, '; ' between) as the
 * lines a screen shows: the link or the 48-hour mutual credit that grouped it, one line per reason;
 * an event grouped by an admin says so.
 */
export function eventEvidenceLines(evidence: string | null | undefined): string[] {
  const lines = (evidence ?? '')
    .split('; ')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length > 0 ? [...new Set(lines)] : ['Grouped by an admin.'];
}
