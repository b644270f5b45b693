import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import {
  GROUP_LIMITS,
  GROUP_ROUTES,
  PAGING,
  type Group,
  type GroupLookup,
  type GroupMember,
  type MessageResponse,
} from '@friends/shared';
import { CachedAnswer } from '../common/cached-answer';
import { JsonText } from '../common/json-response';
import { parseIdList, PathId } from '../common/id-params';
import { PageQuery, SearchTerm, type Page } from '../common/page-params';
import { GroupDto, MembershipDto, MembershipUpdateDto } from './dto/group.dto';
import { GroupsService } from './groups.service';

/** Groups and memberships (docs/product.md "Groups"): reads are public, writes need the admin session. */
@Controller()
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  /** Paged<GroupListItem>: the groups whose name contains `q` (any case and spacing), by name. */
  @Get(GROUP_ROUTES.groups)
  @JsonText()
  list(
    @SearchTerm('part of the group name, ignoring case and spacing') q: string,
    @PageQuery({ defaultLimit: GROUP_LIMITS.page, maxLimit: PAGING.maxLimit }) page: Page,
  ): Promise<Buffer> {
    return this.groups.listJson(q, page);
  }

  /**
   * GroupLookup: the groups the given creators (a network graph's nodes) are members of today, so the
   * graph can colour them by group. Kept until a creator or group write, or the next midnight UTC.
   */
  @Get(GROUP_ROUTES.of)
  @CachedAnswer({ reads: ['creators', 'creator_groups', 'group_members'], expires: 'utc-midnight' })
  @ApiQuery({
    name: 'ids',
    required: true,
    description: `creator ids, comma-separated (1 to ${GROUP_LIMITS.lookupIds})`,
    schema: { type: 'string', example: '1,2,3' },
  })
  of(@Query('ids') ids?: unknown): Promise<GroupLookup> {
    return this.groups.lookup([...new Set(parseIdList(ids, GROUP_LIMITS.lookupIds))]);
  }

  /** Group: with every membership period, by start. */
  @Get(`${GROUP_ROUTES.groups}/:id`)
  @JsonText()
  get(@PathId() id: number): Promise<Buffer> {
    return this.groups.groupJson(id);
  }

  @Post(GROUP_ROUTES.groups)
  create(@Body() body: GroupDto): Promise<Group> {
    return this.groups.create(body);
  }

  @Put(`${GROUP_ROUTES.groups}/:id`)
  update(@PathId() id: number, @Body() body: GroupDto): Promise<Group> {
    return this.groups.update(id, body);
  }

  @Delete(`${GROUP_ROUTES.groups}/:id`)
  remove(@PathId() id: number): Promise<MessageResponse> {
    return this.groups.remove(id);
  }

  @Post(`${GROUP_ROUTES.groups}/:id/members`)
  addMember(@PathId() id: number, @Body() body: MembershipDto): Promise<GroupMember> {
    return this.groups.addMember(id, body);
  }

  @Put(`${GROUP_ROUTES.groups}/:id/members/:memberId`)
  updateMember(
    @PathId() id: number,
    @PathId('memberId') memberId: number,
    @Body() body: MembershipUpdateDto,
  ): Promise<GroupMember> {
    return this.groups.updateMember(id, memberId, body);
  }

  @Delete(`${GROUP_ROUTES.groups}/:id/members/:memberId`)
  removeMember(@PathId() id: number, @PathId('memberId') memberId: number): Promise<MessageResponse> {
    return this.groups.removeMember(id, memberId);
  }
}
