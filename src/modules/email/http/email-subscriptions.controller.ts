import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../../common/api-docs/api-route.decorator.js';
import type { DeletedDto } from '../../../common/http/deleted.dto.js';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import {
  CreateEmailSubscriptionDto,
  toEmailSubscriptionResponse,
  type EmailSubscriptionDto,
  type EmailSubscriptionListDto,
} from '../dto/email-subscription.dto.js';
import { EmailSubscriptionsService } from '../subscriptions/email-subscriptions.service.js';
import { EMAIL_SUBSCRIPTIONS_DOCS } from './email-subscriptions.api-docs.js';

@ApiTags('Email subscriptions')
@Controller('email-subscriptions')
export class EmailSubscriptionsController {
  constructor(private readonly subscriptions: EmailSubscriptionsService) {}

  @Get()
  @ApiRoute(EMAIL_SUBSCRIPTIONS_DOCS.list)
  async list(@CurrentCaller() caller: Caller): Promise<EmailSubscriptionListDto> {
    const subscriptions = await this.subscriptions.list(caller.accountId);
    return { data: subscriptions.map(toEmailSubscriptionResponse), count: subscriptions.length };
  }

  @Post()
  @ApiRoute(EMAIL_SUBSCRIPTIONS_DOCS.create)
  async create(
    @CurrentCaller() caller: Caller,
    @Body() input: CreateEmailSubscriptionDto,
  ): Promise<{ data: EmailSubscriptionDto }> {
    const subscription = await this.subscriptions.create(caller, input);
    return { data: toEmailSubscriptionResponse(subscription) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiRoute(EMAIL_SUBSCRIPTIONS_DOCS.remove)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeletedDto> {
    await this.subscriptions.remove(caller, id);
    return { deleted: true, id };
  }
}
