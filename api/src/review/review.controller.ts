import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  REVIEW_MAX_LIMIT,
  REVIEW_PAGE_SIZE,
  REVIEW_ROUTES,
  type EventProposalDecision,
  type EventProposalPage,
  type ReviewBulkResult,
  type ReviewDecision,
  type ReviewPage,
} from '@friends/shared';
import { AdminOnly } from '../auth/access.decorators';
import { PathId } from '../common/id-params';
import { PageQuery, type Page } from '../common/page-params';
import { EventsService } from '../events/events.service';
import { ReviewBulkDto } from './dto/review.dto';
import { ReviewService } from './review.service';

/** The review queue of weak detections (admin-only). */
@AdminOnly()
@Controller()
export class ReviewController {
  constructor(
    private readonly review: ReviewService,
    private readonly events: EventsService,
  ) {}

  @Get(REVIEW_ROUTES.list)
  list(
    @PageQuery({ defaultLimit: REVIEW_PAGE_SIZE, maxLimit: REVIEW_MAX_LIMIT }) page: Page,
  ): Promise<ReviewPage> {
    return this.review.list(page);
  }

  /** Proposed groupings of uploads (mutual credits within 48 hours), oldest first. */
  @Get(REVIEW_ROUTES.events)
  eventProposals(
    @PageQuery({ defaultLimit: REVIEW_PAGE_SIZE, maxLimit: REVIEW_MAX_LIMIT }) page: Page,
  ): Promise<EventProposalPage> {
    return this.events.proposals(page);
  }

  /** Groups the two uploads as one event (in history, undoable like POST /api/events). */
  @Post(`${REVIEW_ROUTES.events}/:id/accept`)
  @HttpCode(200)
  acceptEvent(@PathId() id: number): Promise<EventProposalDecision> {
    return this.events.acceptProposal(id);
  }

  /** Drops the proposed grouping (in history, undoable); the uploads stay apart. */
  @Post(`${REVIEW_ROUTES.events}/:id/reject`)
  @HttpCode(200)
  rejectEvent(@PathId() id: number): Promise<EventProposalDecision> {
    return this.events.rejectProposal(id);
  }

  @Post(REVIEW_ROUTES.acceptMany)
  @HttpCode(200)
  acceptMany(@Body() body: ReviewBulkDto): Promise<ReviewBulkResult> {
    return this.review.acceptMany(body.ids);
  }

  @Post(REVIEW_ROUTES.rejectMany)
  @HttpCode(200)
  rejectMany(@Body() body: ReviewBulkDto): Promise<ReviewBulkResult> {
    return this.review.rejectMany(body.ids);
  }

  @Post(`${REVIEW_ROUTES.list}/:id/accept`)
  @HttpCode(200)
  accept(@PathId() id: number): Promise<ReviewDecision> {
    return this.review.accept(id);
  }

  @Post(`${REVIEW_ROUTES.list}/:id/reject`)
  @HttpCode(200)
  reject(@PathId() id: number): Promise<ReviewDecision> {
    return this.review.reject(id);
  }
}
