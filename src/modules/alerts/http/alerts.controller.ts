import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentCaller } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { toAlertResponse } from '../alert-payload.js';
import { alertQueryOf } from '../alert-query.js';
import { AlertsService } from '../alerts.service.js';
import { ApiRoute } from '../../../common/api-docs/api-route.decorator.js';
import { alertFiltersOf, type AlertQueryParams } from './alert-query-params.js';
import { ALERTS_DOCS } from './alerts.api-docs.js';
import type { AlertPageDto } from '../dto/alert.dto.js';

@ApiTags('Alerts')
@Controller('alerts')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get()
  @ApiRoute(ALERTS_DOCS.list)
  async list(
    @CurrentCaller() caller: Caller,
    @Query() params: AlertQueryParams,
  ): Promise<AlertPageDto> {
    const page = await this.alerts.list(caller, alertQueryOf(alertFiltersOf(params)));
    return { data: page.alerts.map(toAlertResponse), next_cursor: page.nextCursor };
  }

  @Get(':id')
  @ApiRoute(ALERTS_DOCS.get)
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return { data: toAlertResponse(await this.alerts.get(caller, id)) };
  }
}
