import { Injectable } from '@nestjs/common';
import { Database } from '../../../database/database.js';
import type { Sample, SampleMetric } from './sampled-figures.js';

/** Rows per INSERT, well below either database's limit on bound parameters. */
const WRITE_CHUNK = 200;

/** A metric summed over every instance, per subject. */
export interface SubjectTotal {
  subject: string;
  value: number;
}

/** A metric summed over every instance and subject, per minute. */
export interface MinuteTotal {
  minute: number;
  value: number;
}

/** The value an instance last wrote for a metric and subject. */
export interface LatestValue {
  instanceId: string;
  subject: string;
  minute: number;
  value: number;
}

/** operation_samples: the console's per-minute figures, written by every instance. */
@Injectable()
export class OperationSampleStore {
  constructor(private readonly database: Database) {}

  /** Writes the samples in one transaction; a sample written again replaces the first. */
  async write(samples: readonly Sample[]): Promise<void> {
    if (samples.length === 0) return;
    await this.database.transaction(async (manager) => {
      for (let start = 0; start < samples.length; start += WRITE_CHUNK) {
        const chunk = samples.slice(start, start + WRITE_CHUNK);
        const parameters: Record<string, unknown> = {};
        const rows = chunk.map((sample, index) => {
          parameters[`m${index}`] = sample.minute;
          parameters[`i${index}`] = sample.instanceId;
          parameters[`n${index}`] = sample.metric;
          parameters[`s${index}`] = sample.subject;
          parameters[`v${index}`] = sample.value;
          return `(:m${index}, :i${index}, :n${index}, :s${index}, :v${index})`;
        });
        await this.database.query(
          manager,
          `INSERT INTO operation_samples (minute, instance_id, metric, subject, value)
         VALUES ${rows.join(', ')}
         ON CONFLICT (minute, instance_id, metric, subject) DO UPDATE SET value = excluded.value`,
          parameters,
        );
      }
    });
  }

  /** Sum over every instance of the minutes in [from, to), per subject. */
  async totalsBySubject(metric: SampleMetric, from: number, to: number): Promise<SubjectTotal[]> {
    const rows = await this.database.query<{ subject: string; total: string | number }>(
      this.database.manager,
      `SELECT subject, SUM(value) AS total FROM operation_samples
       WHERE metric = :metric AND minute >= :from AND minute < :to
       GROUP BY subject ORDER BY subject`,
      { metric, from, to },
    );
    return rows.map((row) => ({ subject: row.subject, value: Number(row.total) }));
  }

  /** Sum over every instance and subject, per minute in [from, to) that has a sample. */
  async totalsByMinute(
    metric: SampleMetric,
    from: number,
    to: number,
    subject?: string,
  ): Promise<MinuteTotal[]> {
    const rows = await this.database.query<{ minute: string | number; total: string | number }>(
      this.database.manager,
      `SELECT minute, SUM(value) AS total FROM operation_samples
       WHERE metric = :metric AND minute >= :from AND minute < :to
         ${subject === undefined ? '' : 'AND subject = :subject'}
       GROUP BY minute ORDER BY minute`,
      { metric, from, to, subject },
    );
    return rows.map((row) => ({ minute: Number(row.minute), value: Number(row.total) }));
  }

  /** Per instance and subject, the latest value written in [from, to). */
  async latest(metric: SampleMetric, from: number, to: number): Promise<LatestValue[]> {
    const rows = await this.database.query<{
      minute: string | number;
      instance_id: string;
      subject: string;
      value: string | number;
    }>(
      this.database.manager,
      `SELECT s.minute, s.instance_id, s.subject, s.value FROM operation_samples s
       JOIN (SELECT instance_id, subject, MAX(minute) AS minute FROM operation_samples
             WHERE metric = :metric AND minute >= :from AND minute < :to
             GROUP BY instance_id, subject) newest
         ON newest.instance_id = s.instance_id AND newest.subject = s.subject
        AND newest.minute = s.minute
       WHERE s.metric = :metric
       ORDER BY s.instance_id, s.subject`,
      { metric, from, to },
    );
    return rows.map((row) => ({
      instanceId: row.instance_id,
      subject: row.subject,
      minute: Number(row.minute),
      value: Number(row.value),
    }));
  }

  /** Deletes the minutes before `cutoff`, a batch per transaction; how many rows went. */
  async pruneOlderThan(cutoff: number, batchSize: number): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.database.transaction((manager) =>
        this.database.query(
          manager,
          `DELETE FROM operation_samples WHERE (minute, instance_id, metric, subject) IN
             (SELECT minute, instance_id, metric, subject FROM operation_samples
              WHERE minute < :cutoff LIMIT :batchSize)
           RETURNING minute`,
          { cutoff, batchSize },
        ),
      );
      total += deleted.length;
      if (deleted.length < batchSize) return total;
    }
  }
}
