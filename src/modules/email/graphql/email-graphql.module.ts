import { Module } from '@nestjs/common';
import { EmailModule } from '../email.module.js';
import { EmailSubscriptionsResolver } from './email-subscriptions.resolver.js';

/** Email subscriptions over GraphQL: imported by the API's root only. */
@Module({ imports: [EmailModule], providers: [EmailSubscriptionsResolver] })
export class EmailGraphqlModule {}
