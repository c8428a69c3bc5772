import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { WebhookTester } from '../tester/webhook-tester.service.js';
import { WebhookTestBudget } from '../../rate-limit/rate-limit.decorators.js';
import {
  CreateWebhookDto,
  UpdateWebhookDto,
  webhookChangeOf,
  webhookDraftOf,
} from '../dto/webhook.dto.js';
import { toWebhookResponse } from '../dto/webhook-response.dto.js';
import type {
  WebhookCreatedDto,
  WebhookListDto,
  WebhookSecretDto,
} from '../dto/webhook-response.dto.js';
import type { WebhookTestResultDto } from '../dto/webhook-test-result.dto.js';
import type { DeletedDto } from '../../../common/http/deleted.dto.js';
import { WebhooksService } from '../webhooks.service.js';
import { ApiRoute } from '../../../common/api-docs/api-route.decorator.js';
import { WEBHOOKS_DOCS } from './webhooks.api-docs.js';

@ApiTags('Webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly tester: WebhookTester,
  ) {}

  @Get()
  @ApiRoute(WEBHOOKS_DOCS.list)
  async list(@CurrentCaller() caller: Caller): Promise<WebhookListDto> {
    const webhooks = await this.webhooks.list(caller.accountId);
    return { data: webhooks.map(toWebhookResponse), count: webhooks.length };
  }

  @Get(':id')
  @ApiRoute(WEBHOOKS_DOCS.get)
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return { data: toWebhookResponse(await this.webhooks.findLive(caller.accountId, id)) };
  }

  @Post()
  @ApiRoute(WEBHOOKS_DOCS.create)
  async create(
    @CurrentCaller() caller: Caller,
    @Body() input: CreateWebhookDto,
  ): Promise<WebhookCreatedDto> {
    const { webhook, secret } = await this.webhooks.create(caller, webhookDraftOf(input));
    return { data: toWebhookResponse(webhook), secret };
  }

  @Patch(':id')
  @ApiRoute(WEBHOOKS_DOCS.update)
  async update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() change: UpdateWebhookDto,
  ) {
    return {
      data: toWebhookResponse(await this.webhooks.update(caller, id, webhookChangeOf(change))),
    };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiRoute(WEBHOOKS_DOCS.remove)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeletedDto> {
    await this.webhooks.remove(caller, id);
    return { deleted: true, id };
  }

  /** The new secret, shown only here; the old one signs beside it for 24 hours. */
  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiRoute(WEBHOOKS_DOCS.rotateSecret)
  async rotateSecret(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
  ): Promise<WebhookSecretDto> {
    const { secret } = await this.webhooks.rotateSecret(caller, id);
    return { secret };
  }

  /** Answers { ok, status, error } unwrapped, as the spec shows. */
  @Post(':id/test')
  @HttpCode(200)
  @WebhookTestBudget()
  @ApiRoute(WEBHOOKS_DOCS.test)
  test(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<WebhookTestResultDto> {
    return this.tester.test(caller.accountId, id);
  }
}
