import { Module } from '@nestjs/common';
import { KeywordsModule } from '../keywords/keywords.module.js';
import { AlertsResolver } from './graphql/alerts.resolver.js';
import { AlertsController } from './http/alerts.controller.js';
import { AlertStore } from './alert-store.service.js';
import { AlertsService } from './alerts.service.js';

@Module({
  imports: [KeywordsModule],
  controllers: [AlertsController],
  providers: [AlertsService, AlertStore, AlertsResolver],
  exports: [AlertsService, AlertStore],
})
export class AlertsModule {}
