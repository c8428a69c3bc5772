import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { CurrentCaller, RequireProduct } from '../../../auth/auth.decorators.js';
import type { Caller } from '../../../auth/caller.js';
import { UpdateInboxItemDto } from '../dto/update-inbox-item.dto.js';
import { toInboxItemResponse } from '../inbox-item.response.js';
import { parseInboxQuery, type InboxQueryInput } from '../inbox-query.js';
import { InboxService } from '../inbox.service.js';

@Controller('inbox')
@RequireProduct('app')
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get()
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
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return { data: toInboxItemResponse(await this.inbox.get(caller.accountId, id)) };
  }

  @Patch(':id')
  async update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() change: UpdateInboxItemDto,
  ) {
    return { data: toInboxItemResponse(await this.inbox.update(caller.accountId, id, change)) };
  }
}
