import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentCaller, RequireProduct } from '../../../auth/auth.decorators.js';
import type { Caller } from '../../../auth/caller.js';
import { UpdateInboxItemDto } from '../dto/update-inbox-item.dto.js';
import { toInboxItemResponse } from '../dto/inbox-item.dto.js';
import { parseInboxQuery, type InboxQueryInput } from '../inbox-query.js';
import { InboxService } from '../inbox.service.js';
import { ApiRoute } from '../../../../common/api-docs/api-route.decorator.js';
import { INBOX_DOCS } from '../../inbox.api-docs.js';

@ApiTags('Inbox (App)')
@Controller('inbox')
@RequireProduct('app')
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get()
  @ApiRoute(INBOX_DOCS.list)
  async list(@CurrentCaller() caller: Caller, @Query() input: InboxQueryInput) {
    const query = parseInboxQuery(input);
    const page = await this.inbox.list(caller.accountId, query);
    return {
      data: page.items.map(toInboxItemResponse),
      count: page.count,
      limit: query.limit,
      offset: query.offset,
    };
  }

  @Get(':id')
  @ApiRoute(INBOX_DOCS.get)
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return { data: toInboxItemResponse(await this.inbox.get(caller.accountId, id)) };
  }

  @Patch(':id')
  @ApiRoute(INBOX_DOCS.update)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() change: UpdateInboxItemDto,
  ) {
    return { data: toInboxItemResponse(await this.inbox.update(caller.accountId, id, change)) };
  }
}
