import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentCaller, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { WebhookTester } from '../tester/webhook-tester.service.js';
import { WebhookTestBudget } from '../../rate-limit/rate-limit.decorators.js';
import { deliveryLogQueryOf, redeliveryRequestOf } from '../delivery-log/delivery-log.query.js';
import { DeliveryLogService } from '../delivery-log/delivery-log.service.js';
import { WebhooksService } from '../webhooks.service.js';
import { DeletionModel, deletionOf } from '../../graphql/common/deletion.model.js';
import { WebhookCreationModel } from './webhook-creation.model.js';
import { WebhookSecretRotationModel } from './webhook-secret-rotation.model.js';
import {
  RedeliverInput,
  toDeliveryLogFilters,
  toRedeliveryFields,
  WebhookDeliveriesArgs,
} from './webhook-deliveries.args.js';
import {
  RedeliveryModel,
  toWebhookDeliveryAttempt,
  toWebhookDeliveryConnection,
  WebhookDeliveryAttemptModel,
  WebhookDeliveryConnectionModel,
} from './webhook-delivery.model.js';
import { CreateWebhookInput, UpdateWebhookInput } from './webhook.inputs.js';
import { WebhookListModel } from './webhook-list.model.js';
import { WebhookTestResultModel } from './webhook-test-result.model.js';
import { toWebhookModel, WebhookModel } from './webhook.model.js';

@Resolver(() => WebhookModel)
export class WebhooksResolver {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly tester: WebhookTester,
    private readonly deliveryLog: DeliveryLogService,
  ) {}

  @Query(() => WebhookModel, { name: 'webhook', description: 'One webhook, as in the list.' })
  async get(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<WebhookModel> {
    return toWebhookModel(await this.webhooks.findLive(caller.accountId, id));
  }

  @Query(() => WebhookDeliveryConnectionModel, { name: 'webhookDeliveries' })
  async deliveries(
    @CurrentCaller() caller: Caller,
    @Args() args: WebhookDeliveriesArgs,
  ): Promise<WebhookDeliveryConnectionModel> {
    const query = deliveryLogQueryOf(toDeliveryLogFilters(args));
    return toWebhookDeliveryConnection(
      await this.deliveryLog.list(caller.accountId, args.webhookId, query),
    );
  }

  @Query(() => [WebhookDeliveryAttemptModel], {
    name: 'webhookDeliveryAttempts',
    description: 'GET /webhooks/:id/deliveries/:delivery_id/attempts: the first first.',
  })
  async deliveryAttempts(
    @CurrentCaller() caller: Caller,
    @Args('webhookId', { type: () => ID }) webhookId: string,
    @Args('deliveryId', { type: () => ID }) deliveryId: string,
  ): Promise<WebhookDeliveryAttemptModel[]> {
    const attempts = await this.deliveryLog.attempts(caller.accountId, webhookId, deliveryId);
    return attempts.map(toWebhookDeliveryAttempt);
  }

  @RequireRole('member')
  @Mutation(() => RedeliveryModel, { name: 'redeliverWebhookDelivery' })
  async redeliver(
    @CurrentCaller() caller: Caller,
    @Args('webhookId', { type: () => ID }) webhookId: string,
    @Args('deliveryId', { type: () => ID }) deliveryId: string,
  ): Promise<RedeliveryModel> {
    return { queued: await this.deliveryLog.redeliver(caller.accountId, webhookId, deliveryId) };
  }

  @RequireRole('member')
  @Mutation(() => RedeliveryModel, {
    name: 'redeliverWebhookDeliveries',
    description: 'POST /webhooks/:id/redeliver: at most 10,000 per call.',
  })
  async redeliverFailed(
    @CurrentCaller() caller: Caller,
    @Args('webhookId', { type: () => ID }) webhookId: string,
    @Args('input') input: RedeliverInput,
  ): Promise<RedeliveryModel> {
    const request = redeliveryRequestOf(toRedeliveryFields(input));
    return { queued: await this.deliveryLog.redeliverFailed(caller.accountId, webhookId, request) };
  }

  @Query(() => WebhookListModel, { name: 'webhooks' })
  async list(@CurrentCaller() caller: Caller): Promise<WebhookListModel> {
    const webhooks = await this.webhooks.list(caller.accountId);
    return { nodes: webhooks.map(toWebhookModel), count: webhooks.length };
  }

  @RequireRole('member')
  @Mutation(() => WebhookCreationModel, { name: 'createWebhook' })
  async create(
    @CurrentCaller() caller: Caller,
    @Args('input') input: CreateWebhookInput,
  ): Promise<WebhookCreationModel> {
    const { webhook, secret } = await this.webhooks.create(caller, input);
    return { webhook: toWebhookModel(webhook), secret };
  }

  @RequireRole('member')
  @Mutation(() => WebhookModel, { name: 'updateWebhook' })
  async update(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: UpdateWebhookInput,
  ): Promise<WebhookModel> {
    return toWebhookModel(await this.webhooks.update(caller, id, input));
  }

  @RequireRole('member')
  @Mutation(() => WebhookSecretRotationModel, {
    name: 'rotateWebhookSecret',
    description: 'POST /webhooks/:id/rotate-secret: a new signing secret, shown once.',
  })
  async rotateSecret(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<WebhookSecretRotationModel> {
    const { webhook, secret } = await this.webhooks.rotateSecret(caller, id);
    return { webhook: toWebhookModel(webhook), secret };
  }

  @RequireRole('member')
  @Mutation(() => DeletionModel, { name: 'deleteWebhook' })
  async remove(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DeletionModel> {
    await this.webhooks.remove(caller, id);
    return deletionOf(id);
  }

  @RequireRole('member')
  @Mutation(() => WebhookTestResultModel, { name: 'testWebhook' })
  @WebhookTestBudget()
  test(
    @CurrentCaller() caller: Caller,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<WebhookTestResultModel> {
    return this.tester.test(caller.accountId, id);
  }
}
