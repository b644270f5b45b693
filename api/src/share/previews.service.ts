import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  CARD_SIZE,
  PREVIEW_TITLES,
  SHARE_ROUTES,
  SHARED_VIEW_PATHS,
  addDays,
  creatorPreviewText,
  groupFeedTitle,
  groupPreviewText,
  leaderboardPreviewText,
  pairPreviewText,
  parsePairParam,
  utcDay,
} from '@friends/shared';
import type { AppConfig } from '../config/configuration';
import { AggregateCache } from '../database/aggregate-cache.service';
import type { LinkOrigin } from './public-origin';
import { SUMMARY_READS, ShareReader } from './share-reader.service';

/** What a shared address's page head says. */
export interface PreviewMeta {
  title: string;
  description: string;
  /** Absolute: the view's canonical address. */
  url: string;
  /** Absolute: the card image. */
  image: string;
  imageAlt: string;
  /** Absolute: the view's Atom feed, when it has one. */
  feed?: { href: string; title: string };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text for an HTML attribute or element: nothing in it can end the attribute or open a tag. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const positiveId = (value: string | undefined): number | null =>
  value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;

/** The view a shared address names (the query parsed; nothing read yet). */
export type SharedView =
  | { kind: 'creator'; id: number }
  | { kind: 'pair'; a: number; b: number }
  | { kind: 'group'; id: number }
  | { kind: 'leaderboard' };

/**
 * How long a kept page may outlive a redeployed index.html: the page is kept and replayed like a
 * cached answer (no file is looked at then), so it is dropped this often and built again.
 */
const TEMPLATE_RECHECK_MS = 10_000;

/** The view `query` names: `pair`, then `creator`, then `view=leaderboard`, then `group`; else null. */
export function sharedView(query: Record<string, unknown>): SharedView | null {
  const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const pairParam = text('pair');
  if (pairParam !== undefined) {
    const ids = parsePairParam(pairParam);
    return ids ? { kind: 'pair', a: ids[0], b: ids[1] } : null;
  }
  const creatorParam = text('creator');
  if (creatorParam !== undefined) {
    const id = positiveId(creatorParam);
    return id === null ? null : { kind: 'creator', id };
  }
  if (text('view') === 'leaderboard') return { kind: 'leaderboard' };
  const groupParam = text('group');
  if (groupParam !== undefined) {
    const id = positiveId(groupParam);
    return id === null ? null : { kind: 'group', id };
  }
  return null;
}

const viewKey = (view: SharedView | null): string => {
  if (view === null) return 'none';
  if (view.kind === 'pair') return `pair:${view.a}-${view.b}`;
  if (view.kind === 'leaderboard') return 'leaderboard';
  return `${view.kind}:${view.id}`;
};

/**
 * Link previews: the host's index.html, its head carrying the view's title, description, address,
 * card image and feed, for link previewers that never run the app's JavaScript. The page is otherwise
 * the same document, so the app boots from it as from `/`.
 */
@Injectable()
export class PreviewsService {
  private readonly indexFile: string;
  private template: { mtimeMs: number; html: string } | null = null;

  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly reader: ShareReader,
    private readonly cache: AggregateCache,
  ) {
    this.indexFile = join(config.get('static', { infer: true }).bundlesDir, 'host/dist/index.html');
  }

  /** The host's index.html as built now (a redeployed bundle is read again), or null when missing. */
  indexHtml(): string | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (this.template?.mtimeMs !== mtimeMs) {
      this.template = { mtimeMs, html: readFileSync(this.indexFile, 'utf8') };
    }
    return this.template.html;
  }

  /**
   * The page for `query`: with its view's preview head, or as built for any other address or an id
   * that names nobody. A view's page is kept and replayed as a cached answer until a write changes
   * what it says, the day ends (a group's members today) or TEMPLATE_RECHECK_MS pass; null when there
   * is no build.
   */
  page(query: Record<string, unknown>, { url: origin, keep }: LinkOrigin): Promise<Buffer> | null {
    const html = this.indexHtml();
    if (html === null) return null;
    const view = sharedView(query);
    // The page as built, for every address that names no view: read by its file's date on each request
    // (a stat; the text is held), so a redeployed index.html is served at once.
    if (view === null) return Promise.resolve(Buffer.from(html));
    const now = Date.now();
    const window = Math.floor(now / TEMPLATE_RECHECK_MS);
    const today = utcDay(new Date(now));
    const midnight = Date.parse(`${addDays(today, 1)}T00:00:00Z`);
    const expiresAt = Math.min((window + 1) * TEMPLATE_RECHECK_MS, midnight);
    const key = `preview ${viewKey(view)} ${origin} ${this.template!.mtimeMs} ${window} ${today}`;
    const compute = async () => {
      const meta = await this.describe(view, origin, today);
      return Buffer.from(meta ? this.render(html, meta) : html);
    };
    return keep ? this.cache.buffer(key, compute, { reads: SUMMARY_READS, expiresAt }) : compute();
  }

  /** The head of `view`; null when it names nobody (the generic page). */
  async describe(view: SharedView, origin: string, today = utcDay()): Promise<PreviewMeta | null> {
    if (view.kind === 'pair') {
      const pair = await this.reader.pair(view.a, view.b);
      if (!pair || pair.a.id === pair.b.id) return null;
      return {
        title: PREVIEW_TITLES.pair(pair.a.name, pair.b.name),
        description: pairPreviewText(pair.a.name, pair.b.name, pair.videos),
        url: origin + SHARED_VIEW_PATHS.pair(pair.a.id, pair.b.id),
        image: origin + SHARE_ROUTES.pairCard(pair.a.id, pair.b.id),
        imageAlt: `${pair.a.name} and ${pair.b.name}`,
        feed: {
          href: origin + SHARE_ROUTES.pairFeed(pair.a.id, pair.b.id),
          title: `${pair.a.name} & ${pair.b.name}: videos together`,
        },
      };
    }
    if (view.kind === 'creator') {
      const creator = await this.reader.creator(view.id);
      if (!creator) return null;
      return {
        title: PREVIEW_TITLES.creator(creator.name),
        description: creatorPreviewText(creator.name, creator),
        url: origin + SHARED_VIEW_PATHS.creator(creator.id),
        image: origin + SHARE_ROUTES.creatorCard(creator.id),
        imageAlt: creator.name,
        feed: {
          href: origin + SHARE_ROUTES.creatorFeed(creator.id),
          title: `${creator.name}: collaborations`,
        },
      };
    }
    if (view.kind === 'group') {
      const group = await this.reader.group(view.id, today);
      if (!group) return null;
      return {
        title: PREVIEW_TITLES.group(group.name),
        description: groupPreviewText(group.name, group.kindLabel, group),
        url: origin + SHARED_VIEW_PATHS.group(group.id),
        image: origin + SHARE_ROUTES.groupCard(group.id),
        imageAlt: group.name,
        feed: { href: origin + SHARE_ROUTES.groupFeed(group.id), title: groupFeedTitle(group.name) },
      };
    }
    const board = await this.reader.leaderboard();
    return {
      title: PREVIEW_TITLES.leaderboard,
      description: leaderboardPreviewText(board.creators, board.collaborations),
      url: origin + SHARED_VIEW_PATHS.leaderboard,
      image: origin + SHARE_ROUTES.leaderboardCard,
      imageAlt: 'Collaboration Leaderboard',
    };
  }

  /** `html` with its title and description replaced by `meta`'s, and the preview tags added. */
  render(html: string, meta: PreviewMeta): string {
    const e = escapeHtml;
    const tags = [
      `<title>${e(meta.title)}</title>`,
      `<meta name="description" content="${e(meta.description)}" />`,
      `<link rel="canonical" href="${e(meta.url)}" />`,
      `<meta property="og:site_name" content="${e(PREVIEW_TITLES.site)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:title" content="${e(meta.title)}" />`,
      `<meta property="og:description" content="${e(meta.description)}" />`,
      `<meta property="og:url" content="${e(meta.url)}" />`,
      `<meta property="og:image" content="${e(meta.image)}" />`,
      `<meta property="og:image:type" content="image/png" />`,
      `<meta property="og:image:width" content="${CARD_SIZE.width}" />`,
      `<meta property="og:image:height" content="${CARD_SIZE.height}" />`,
      `<meta property="og:image:alt" content="${e(meta.imageAlt)}" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${e(meta.title)}" />`,
      `<meta name="twitter:description" content="${e(meta.description)}" />`,
      `<meta name="twitter:image" content="${e(meta.image)}" />`,
      ...(meta.feed
        ? [
            `<link rel="alternate" type="application/atom+xml" title="${e(meta.feed.title)}" href="${e(meta.feed.href)}" data-preview />`,
          ]
        : []),
    ].join('\n    ');
    // The feed link is marked: the app replaces it with its own, which follows the view.
    // The template is our own build's index.html: one <title> and one description meta to replace.
    return html
      .replace(/<title>[^<]*<\/title>\s*/i, '')
      .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
      .replace(/<\/head>/i, `  ${tags}\n  </head>`);
  }
}
