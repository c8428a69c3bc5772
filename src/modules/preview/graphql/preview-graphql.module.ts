import { Module } from '@nestjs/common';
import { RecentItemsModule } from '../../recent-items/recent-items.module.js';
import { PreviewModule } from '../preview.module.js';
import { PreviewResolver } from './preview.resolver.js';

/** previewKeyword over GraphQL: imported by the API's root only. */
@Module({ imports: [PreviewModule, RecentItemsModule], providers: [PreviewResolver] })
export class PreviewGraphqlModule {}
