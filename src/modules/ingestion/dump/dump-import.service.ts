import { Injectable } from '@nestjs/common';
import {
  IngestionPipeline,
  addSummaries,
  emptySummary,
  type IngestSummary,
} from '../ingestion-pipeline.service.js';
import type { RedditItem } from '../reddit-item.js';
import { readDumpLines, type BadLineReason } from './ndjson-reader.js';

export const DUMP_BATCH_SIZE = 500;

export type SkipReason = BadLineReason | 'unstorable';

/** What `admin ingest` prints: the pipeline's counts and the lines or items it had to skip, by reason. */
export interface DumpImportSummary {
  posts: number;
  comments: number;
  alerts: number;
  capped: number;
  skipped: Record<SkipReason, number>;
}

export interface DumpImportListener {
  badLine(lineNumber: number, error: string): void;
  progress(linesRead: number, summary: IngestSummary): void;
}

/**
 * The dump door into the pipeline: stream, batch, process; memory stays flat (a batch being
 * read, one being matched, one being stored).
 */
@Injectable()
export class DumpImportService {
  constructor(private readonly pipeline: IngestionPipeline) {}

  async import(
    input: NodeJS.ReadableStream,
    listener: DumpImportListener,
  ): Promise<DumpImportSummary> {
    let summary = emptySummary();
    const badLines: Record<BadLineReason, number> = { invalid_json: 0, not_an_item: 0 };
    let batch: RedditItem[] = [];
    let linesRead = 0;
    let storing: Promise<void> = Promise.resolve();
    // A batch is matched while the one before it is stored, then stored after it.
    const flush = async () => {
      const matched = this.pipeline.match(batch);
      // Its failure is thrown below, in its turn.
      matched.catch(() => undefined);
      const lines = linesRead;
      batch = [];
      await storing;
      storing = matched.then(async (batchMatched) => {
        summary = addSummaries(summary, await this.pipeline.store(batchMatched));
        listener.progress(lines, summary);
      });
      // Thrown at the next flush or at the end, whichever awaits it first.
      storing.catch(() => undefined);
    };
    for await (const line of readDumpLines(input)) {
      linesRead = line.lineNumber;
      if ('error' in line) {
        badLines[line.reason] += 1;
        listener.badLine(line.lineNumber, line.error);
      } else batch.push(line.item);
      if (batch.length >= DUMP_BATCH_SIZE) await flush();
    }
    if (batch.length > 0) await flush();
    await storing;
    const { unstorable, ...counts } = summary;
    return { ...counts, skipped: { ...badLines, unstorable } };
  }
}
