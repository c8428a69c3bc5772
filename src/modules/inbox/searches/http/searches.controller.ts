import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentCaller, RequireProduct } from '../../../auth/auth.decorators.js';
import type { Caller } from '../../../auth/caller.js';
import { parseNewSearch, parseSearchChange } from '../search-rules.js';
import { toSearchResponse } from '../dto/search.dto.js';
import { SearchesService } from '../searches.service.js';
import { ApiRoute } from '../../../../common/api-docs/api-route.decorator.js';
import { SEARCHES_DOCS } from '../../inbox.api-docs.js';

@ApiTags('Searches (App)')
@Controller('searches')
@RequireProduct('app')
export class SearchesController {
  constructor(private readonly searches: SearchesService) {}

  @Get()
  @ApiRoute(SEARCHES_DOCS.list)
  async list(@CurrentCaller() caller: Caller) {
    const searches = await this.searches.list(caller.accountId);
    return { data: searches.map(toSearchResponse), count: searches.length };
  }

  @Post()
  @ApiRoute(SEARCHES_DOCS.create)
  async create(@CurrentCaller() caller: Caller, @Body() body: unknown) {
    return {
      data: toSearchResponse(await this.searches.create(caller.accountId, parseNewSearch(body))),
    };
  }

  @Get(':id')
  @ApiRoute(SEARCHES_DOCS.get)
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return { data: toSearchResponse(await this.searches.get(caller.accountId, id)) };
  }

  @Patch(':id')
  @ApiRoute(SEARCHES_DOCS.update)
  async update(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: unknown) {
    const change = parseSearchChange(body);
    return { data: toSearchResponse(await this.searches.update(caller.accountId, id, change)) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiRoute(SEARCHES_DOCS.remove)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    await this.searches.remove(caller.accountId, id);
    return { deleted: true, id };
  }
}
