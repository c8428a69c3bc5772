import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { toKeywordChange, UpdateKeywordDto } from '../dto/update-keyword.dto.js';
import { toKeywordResponse } from '../dto/keyword.dto.js';
import type { KeywordCreationDto } from '../dto/keyword-creation.dto.js';
import type { KeywordListDto } from '../dto/keyword-list.dto.js';
import type { DeletedDto } from '../../../common/http/deleted.dto.js';
import { KeywordsService } from '../keywords.service.js';
import { ApiRoute } from '../../../common/api-docs/api-route.decorator.js';
import { keywordDraftsOf } from './keyword-items.js';
import { KEYWORDS_DOCS } from './keywords.api-docs.js';

@ApiTags('Keywords')
@Controller('keywords')
export class KeywordsController {
  constructor(private readonly keywords: KeywordsService) {}

  @Get()
  @ApiRoute(KEYWORDS_DOCS.list)
  async list(@CurrentCaller() caller: Caller): Promise<KeywordListDto> {
    const keywords = await this.keywords.list(caller.accountId);
    return {
      data: keywords.map(toKeywordResponse),
      count: keywords.length,
      keyword_limit: caller.limits.keywordLimit,
    };
  }

  @Post()
  @ApiRoute(KEYWORDS_DOCS.create)
  async create(
    @CurrentCaller() caller: Caller,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<KeywordCreationDto> {
    const drafts = keywordDraftsOf(body);
    const { created, existing, rejected } = await this.keywords.create(caller, drafts);
    res.status(created.length > 0 ? 201 : 200);
    return {
      created: created.map(toKeywordResponse),
      existing: existing.map(toKeywordResponse),
      rejected,
    };
  }

  @Patch(':id')
  @ApiRoute(KEYWORDS_DOCS.update)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() change: UpdateKeywordDto,
  ) {
    const keyword = await this.keywords.update(caller, id, toKeywordChange(change));
    return { data: toKeywordResponse(keyword) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiRoute(KEYWORDS_DOCS.remove)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeletedDto> {
    await this.keywords.remove(caller, id);
    return { deleted: true, id };
  }
}
