import { Query, Resolver } from '@nestjs/graphql';
import { RequireOperator } from '../../auth/auth.decorators.js';
import { DeliveryFiguresService } from '../figures/delivery-figures.service.js';
import { IngestionFiguresService } from '../figures/ingestion-figures.service.js';
import { OpsDeliveryModel, toOpsDeliveryModel } from './ops-delivery.model.js';
import { OpsIngestionModel, toOpsIngestionModel } from './ops-ingestion.model.js';

/** The console's Ingestion and Delivery pages (decisions section 10): operators only. */
@Resolver()
@RequireOperator()
export class OpsFiguresResolver {
  constructor(
    private readonly ingestion: IngestionFiguresService,
    private readonly delivery: DeliveryFiguresService,
  ) {}

  @Query(() => OpsIngestionModel, {
    name: 'opsIngestion',
    description:
      'The poller, its credentials, coverage and lag. Operators only: anyone else gets 403 forbidden.',
  })
  async opsIngestion(): Promise<OpsIngestionModel> {
    return toOpsIngestionModel(await this.ingestion.figuresNow());
  }

  @Query(() => OpsDeliveryModel, {
    name: 'opsDelivery',
    description:
      'The outbox, attempts and failing webhooks. Operators only: anyone else gets 403 forbidden.',
  })
  async opsDelivery(): Promise<OpsDeliveryModel> {
    return toOpsDeliveryModel(await this.delivery.figuresNow());
  }
}
