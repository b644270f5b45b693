import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { SHARE_ROUTES, type ApiKeyInfo, type CreatedApiKey } from '@friends/shared';
import { AdminOnly } from '../auth/access.decorators';
import { PathId } from '../common/id-params';
import { ApiKeyInfoDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-key.dto';
import { ApiKeysService } from './api-keys.service';

/**
 * API keys (admin only). A request with `Authorization: Bearer <key>` reads under API_KEY_RATE_LIMIT
 * instead of the per-address PUBLIC_READ_RATE_LIMIT; an unknown or revoked key answers 401.
 */
@Controller()
@AdminOnly()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post(SHARE_ROUTES.keys)
  @ApiOperation({ summary: 'Create an API key: the key is in this answer only' })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  create(@Body() body: CreateApiKeyDto): Promise<CreatedApiKey> {
    return this.keys.create(body.name);
  }

  @Get(SHARE_ROUTES.keys)
  @ApiOperation({ summary: 'List the API keys (names and dates, never the keys)' })
  @ApiOkResponse({ type: ApiKeyInfoDto, isArray: true })
  list(): Promise<ApiKeyInfo[]> {
    return this.keys.list();
  }

  @Delete(`${SHARE_ROUTES.keys}/:id`)
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API key: requests with it answer 401 from then on' })
  async revoke(@PathId() id: number): Promise<void> {
    await this.keys.revoke(id);
  }
}
