import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { UsageService } from '../usage.service.js';
import { ApiRoute } from '../../../common/api-docs/api-route.decorator.js';
import { USAGE_DOCS } from './usage.api-docs.js';
import { toUsageResponse } from '../dto/usage.dto.js';

@ApiTags('Usage')
@Controller('usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  @ApiRoute(USAGE_DOCS.report)
  async report(@CurrentCaller() caller: Caller) {
    return { data: toUsageResponse(await this.usage.report(caller)) };
  }
}
