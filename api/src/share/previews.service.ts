import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import {
  CARD_SIZE,
  PREVIEW_TITLES,
  SHARE_ROUTES,
  SHARED_VIEW_PATHS,
  creatorPreviewText,
  leaderboardPreviewText,
  pairPreviewText,
  parsePairParam,
} from '@friends/shared';
import type { AppConfig } from '../config/configuration';
import { ShareReader } from './share-reader.service';

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

  /** The head of the view a shared address names; null for every other address (the generic page). */
  async describe(query: Record<string, unknown>, origin: string): Promise<PreviewMeta | null> {
    const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
    const pairParam = text('pair');
    if (pairParam !== undefined) {
      const ids = parsePairParam(pairParam);
      const pair = ids && (await this.reader.pair(ids[0], ids[1]));
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
    const creatorParam = text('creator');
    if (creatorParam !== undefined) {
      const id = positiveId(creatorParam);
      const creator = id === null ? null : await this.reader.creator(id);
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
    if (text('view') === 'leaderboard') {
      const board = await this.reader.leaderboard();
      return {
        title: PREVIEW_TITLES.leaderboard,
        description: leaderboardPreviewText(board.creators, board.collaborations),
        url: origin + SHARED_VIEW_PATHS.leaderboard,
        image: origin + SHARE_ROUTES.leaderboardCard,
        imageAlt: 'Collaboration Leaderboard',
      };
    }
    return null;
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
