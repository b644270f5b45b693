import { Controller, Get } from '@nestjs/common';
import { API_ROUTES } from '@friends/shared';
import { JsonText } from '../common/json-response';
import { PathId } from '../common/id-params';
import { CreatorProfileService } from './creator-profile.service';

/** A creator's page, public. */
@Controller()
export class CreatorProfileController {
  constructor(private readonly profiles: CreatorProfileService) {}

  /** CreatorProfile; a merged-away id answers its primary's profile. */
  @Get(`${API_ROUTES.creators}/:id/profile`)
  @JsonText()
  profile(@PathId() id: number): Promise<Buffer> {
    return this.profiles.profileJson(id);
  }
}
