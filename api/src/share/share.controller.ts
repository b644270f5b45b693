import { BadRequestException, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
import { SHARE_MESSAGES, parsePairParam } from '@friends/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/configuration';
import { ATOM_CONTENT_TYPE } from './atom';
import { CardsService } from './cards.service';
import { FeedsService } from './feeds.service';
import { PreviewsService } from './previews.service';
import { PublicOrigins, type LinkOrigin } from './public-origin';

/** `<id><suffix>` as the feed and card addresses end: the id, or a 400 naming the parameter. */
function idWithSuffix(value: string, suffix: string, message: string): number {
  const match = new RegExp(`^([1-9]\\d{0,9})${suffix.replace('.', '\\.')}$`).exec(value);
  const id = match ? Number(match[1]) : NaN;
  if (!(id <= 2_147_483_647)) throw new BadRequestException(message);
  return id;
}

function pairWithSuffix(value: string, suffix: string): [number, number] {
  const ids = value.endsWith(suffix) ? parsePairParam(value.slice(0, -suffix.length)) : null;
  if (!ids) throw new BadRequestException(SHARE_MESSAGES.badPair);
  return ids;
}

const PNG = 'image/png';

/**
 * The content type is set once the answer exists: set before (as `@Header` does), an error answer
 * would go out as that type too.
 */
function typed(reply: FastifyReply, contentType: string, body: Buffer): Buffer {
  void reply.header('Content-Type', contentType);
  return body;
}

/** What the card routes add to the read limit. */
const CARD_DRAWS =
  'A card that must be drawn anew counts against CARD_DRAW_RATE_LIMIT a minute per client address ' +
  '(429 with Retry-After past it); a card already drawn is sent as any read.';

/**
 * Following and sharing, all public reads: Atom feeds of collaborations, the card images of link
 * previews, and the shared addresses' pages with their preview head (docs/product.md "Follow and
 * share").
 */
@Controller()
export class ShareController {
  private readonly origins: PublicOrigins;

  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly feeds: FeedsService,
    private readonly cards: CardsService,
    private readonly previews: PreviewsService,
  ) {
    this.origins = new PublicOrigins(config.get('share', { infer: true }).publicUrl);
  }

  @Get('/api/feeds/creators/:file')
  @ApiOperation({ summary: "A creator's collaborations as an Atom feed, newest first (50 entries)" })
  @ApiParam({ name: 'file', example: '12.atom', description: '<creator id>.atom' })
  @ApiProduces('application/atom+xml')
  @ApiOkResponse({ description: 'An Atom 1.0 document (RFC 4287); ETag and 304 as every read' })
  async creatorFeed(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const id = idWithSuffix(file, '.atom', SHARE_MESSAGES.badFeedId);
    return typed(reply, ATOM_CONTENT_TYPE, await this.feeds.creatorFeed(id, this.origin(request)));
  }

  @Get('/api/feeds/pairs/:file')
  @ApiOperation({ summary: "Two creators' videos together as an Atom feed, newest first (50 entries)" })
  @ApiParam({ name: 'file', example: '12-34.atom', description: '<id>-<id>.atom' })
  @ApiProduces('application/atom+xml')
  @ApiOkResponse({ description: 'An Atom 1.0 document (RFC 4287)' })
  async pairFeed(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const [a, b] = pairWithSuffix(file, '.atom');
    return typed(reply, ATOM_CONTENT_TYPE, await this.feeds.pairFeed(a, b, this.origin(request)));
  }

  @Get('/api/cards/creators/:file')
  @ApiOperation({
    summary: "A creator's preview card: a 1200 × 630 PNG with the name and counts",
    description: CARD_DRAWS,
  })
  @ApiParam({ name: 'file', example: '12.png', description: '<creator id>.png' })
  @ApiProduces(PNG)
  @ApiOkResponse({ description: 'image/png, 1200 × 630' })
  async creatorCard(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const id = idWithSuffix(file, '.png', SHARE_MESSAGES.badCardId);
    return typed(reply, PNG, await this.cards.creatorCard(id, request.ip));
  }

  @Get('/api/cards/pairs/:file')
  @ApiOperation({
    summary: "A pair's preview card: both names and their videos together",
    description: CARD_DRAWS,
  })
  @ApiParam({ name: 'file', example: '12-34.png', description: '<id>-<id>.png' })
  @ApiProduces(PNG)
  @ApiOkResponse({ description: 'image/png, 1200 × 630' })
  async pairCard(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const [a, b] = pairWithSuffix(file, '.png');
    return typed(reply, PNG, await this.cards.pairCard(a, b, request.ip));
  }

  @Get('/api/feeds/groups/:file')
  @ApiOperation({
    summary:
      "The collaborations of a group's members while members, as an Atom feed, newest first (50 entries)",
  })
  @ApiParam({ name: 'file', example: '3.atom', description: '<group id>.atom' })
  @ApiProduces('application/atom+xml')
  @ApiOkResponse({ description: 'An Atom 1.0 document (RFC 4287)' })
  async groupFeed(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const id = idWithSuffix(file, '.atom', SHARE_MESSAGES.badFeedId);
    return typed(reply, ATOM_CONTENT_TYPE, await this.feeds.groupFeed(id, this.origin(request)));
  }

  @Get('/api/cards/groups/:file')
  @ApiOperation({
    summary: "A group's preview card: its name, kind, members today and collaborations",
    description: CARD_DRAWS,
  })
  @ApiParam({ name: 'file', example: '3.png', description: '<group id>.png' })
  @ApiProduces(PNG)
  @ApiOkResponse({ description: 'image/png, 1200 × 630' })
  async groupCard(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const id = idWithSuffix(file, '.png', SHARE_MESSAGES.badCardId);
    return typed(reply, PNG, await this.cards.groupCard(id, request.ip));
  }

  @Get('/api/cards/leaderboard.png')
  @ApiOperation({ summary: "The leaderboard's preview card", description: CARD_DRAWS })
  @ApiProduces(PNG)
  @ApiOkResponse({ description: 'image/png, 1200 × 630' })
  async leaderboardCard(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return typed(reply, PNG, await this.cards.leaderboardCard(request.ip));
  }

  private origin(request: FastifyRequest): LinkOrigin {
    return this.origins.of(request);
  }

  /**
   * The app's page. `?creator=`, `?pair=`, `?group=` and `?view=leaderboard` get their view's preview
   * head; any other address, or an id that names nobody, the page as built (the app shows its own
   * message).
   */
  @Get('/')
  @ApiOperation({ summary: 'The app; shared addresses carry their link preview in the head' })
  @ApiProduces('text/html')
  async page(
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const page = this.previews.page(query, this.origin(request));
    if (page === null) return reply.callNotFound();
    await reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(await page);
  }
}
