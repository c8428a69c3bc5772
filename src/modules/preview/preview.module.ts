import { Module } from '@nestjs/common';
import { RecentItemsModule } from '../recent-items/recent-items.module.js';
import { PreviewController } from './http/preview.controller.js';
import { KeywordPreviewService } from './keyword-preview.service.js';

/** POST /keywords/preview (decisions.md section 14): a keyword tried on the recent window. */
@Module({
  imports: [RecentItemsModule],
  controllers: [PreviewController],
  providers: [KeywordPreviewService],
  exports: [KeywordPreviewService],
})
export class PreviewModule {}
