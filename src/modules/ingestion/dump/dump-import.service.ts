import { Injectable } from '@nestjs/common';
import {
  IngestionPipeline,
  addSummaries,
  emptySummary,
  type IngestSummary,
} from '../ingestion-pipeline.service.js';
import type { RedditItem } from '../reddit-item.js';
import { readDumpLines } from './ndjson-reader.js';

export const DUMP_BATCH_SIZE = 500;

export interface DumpImportListener {
  badLine(lineNumber: number, error: string): void;
  progress(linesRead: number, summary: IngestSummary): void;
}

/** The dump door into the pipeline: stream, batch, process; memory stays flat. */
@Injectable()
export class DumpImportService {
  constructor(private readonly pipeline: IngestionPipeline) {}

  async import(input: NodeJS.ReadableStream, listener: DumpImportListener): Promise<IngestSummary> {
    let summary = emptySummary();
    let batch: RedditItem[] = [];
    let linesRead = 0;
    const flush = async () => {
      summary = addSummaries(summary, await this.pipeline.process(batch));
      batch = [];
      listener.progress(linesRead, summary);
    };
    for await (const line of readDumpLines(input)) {
      linesRead = line.lineNumber;
      if ('error' in line) listener.badLine(line.lineNumber, line.error);
      else batch.push(line.item);
      if (batch.length >= DUMP_BATCH_SIZE) await flush();
    }
    if (batch.length > 0) await flush();
    return summary;
  }
}
