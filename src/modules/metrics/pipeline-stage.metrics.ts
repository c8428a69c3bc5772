import { Injectable } from '@nestjs/common';
import { Histogram, Registry } from 'prom-client';
import { STAGE_BUCKETS, type PipelineStage, type StageClock } from './pipeline-stages.js';

export const PIPELINE_STAGE_METRIC = 'alerts_pipeline_stage_seconds';

/** The pipeline's stage clocks on GET /metrics, one histogram labelled by stage. */
@Injectable()
export class PipelineStageMetrics implements StageClock {
  private readonly histogram: Histogram<'stage'>;

  constructor(registry: Registry) {
    this.histogram = new Histogram({
      name: PIPELINE_STAGE_METRIC,
      help: 'Seconds an item spent in each stage from Reddit to the receiver (docs/ingestion.md)',
      labelNames: ['stage'],
      buckets: STAGE_BUCKETS,
      registers: [registry],
    });
  }

  observe(stage: PipelineStage, ms: number): void {
    this.histogram.observe({ stage }, Math.max(0, ms) / 1_000);
  }
}
