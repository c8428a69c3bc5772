import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../../common/api-docs/api-route.decorator.js';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { deliveryLogQueryOf, redeliveryRequestOf } from '../delivery-log/delivery-log.query.js';
import { DeliveryLogService } from '../delivery-log/delivery-log.service.js';
import {
  deliveryLogFiltersOf,
  redeliveryFieldsOf,
  type DeliveryLogQueryParams,
} from './delivery-log-params.js';
import { WEBHOOK_DELIVERIES_DOCS } from './webhook-deliveries.api-docs.js';
import type {
  DeliveryAttemptListDto,
  DeliveryPageDto,
  RedeliveryDto,
} from '../dto/delivery.dto.js';

/** A webhook's delivery log and redelivery (what GitHub offers its webhook integrators). */
@ApiTags('Webhooks')
@Controller('webhooks/:id')
export class WebhookDeliveriesController {
  constructor(private readonly log: DeliveryLogService) {}

  @Get('deliveries')
  @ApiRoute(WEBHOOK_DELIVERIES_DOCS.list)
  async list(
    @CurrentCaller() caller: Caller,
    @Param('id') webhookId: string,
    @Query() params: DeliveryLogQueryParams,
  ): Promise<DeliveryPageDto> {
    const query = deliveryLogQueryOf(deliveryLogFiltersOf(params));
    const page = await this.log.list(caller.accountId, webhookId, query);
    return { data: page.deliveries, next_cursor: page.nextCursor };
  }

  @Get('deliveries/:deliveryId/attempts')
  @ApiRoute(WEBHOOK_DELIVERIES_DOCS.attempts)
  async attempts(
    @CurrentCaller() caller: Caller,
    @Param('id') webhookId: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<DeliveryAttemptListDto> {
    const attempts = await this.log.attempts(caller.accountId, webhookId, deliveryId);
    return { data: attempts, count: attempts.length };
  }

  @Post('deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @ApiRoute(WEBHOOK_DELIVERIES_DOCS.redeliver)
  async redeliver(
    @CurrentCaller() caller: Caller,
    @Param('id') webhookId: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<RedeliveryDto> {
    return { queued: await this.log.redeliver(caller.accountId, webhookId, deliveryId) };
  }

  @Post('redeliver')
  @HttpCode(202)
  @ApiRoute(WEBHOOK_DELIVERIES_DOCS.redeliverFailed)
  async redeliverFailed(
    @CurrentCaller() caller: Caller,
    @Param('id') webhookId: string,
    @Body() body: unknown,
  ): Promise<RedeliveryDto> {
    const request = redeliveryRequestOf(redeliveryFieldsOf(body));
    return { queued: await this.log.redeliverFailed(caller.accountId, webhookId, request) };
  }
}
