import { Module } from '@nestjs/common';
import { AlertsController } from './http/alerts.controller.js';
import { AlertStore } from './alert.store.js';
import { AlertsService } from './alerts.service.js';

@Module({
  controllers: [AlertsController],
  providers: [AlertsService, AlertStore],
  exports: [AlertsService, AlertStore],
})
export class AlertsModule {}
