import { parentPort, workerData } from 'node:worker_threads';
import { DEFAULT_DATABASE_URL } from '../../../database/database-url.js';
import { statementTimeoutFromEnvironment } from '../../../database/postgres-session-limits.js';
import { openStandaloneReader } from '../../../database/standalone-reader.js';
import type {
  IndexReply,
  IndexRequest,
  IndexResult,
  IndexThreadData,
} from './keyword-index-protocol.js';
import { LiveKeywordIndex } from '../live/live-keyword-index.js';
import { LiveKeywordStore } from '../live/live-keyword.store.js';

/**
 * The keyword index thread (keyword-index-thread.ts), on database connections of its own. A first
 * load that fails (a database not created or migrated yet) is done again at the first refresh.
 */
const port = parentPort;
if (port === null) throw new Error('keyword-index.worker runs as a worker thread only');

const { databaseUrl, statementTimeoutMs } = workerData as IndexThreadData;
// The application checks DATABASE_URL as it starts, and stops when it is wrong.
const url = databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const reader = await openStandaloneReader(
  url,
  statementTimeoutMs ?? statementTimeoutFromEnvironment(),
);
const index = new LiveKeywordIndex(new LiveKeywordStore(reader));
index.refresh().catch(() => undefined);

async function answer(request: IndexRequest): Promise<IndexResult> {
  switch (request.op) {
    case 'refresh':
      await index.refresh();
      return { activity: index.takeActivity(), size: index.size };
    case 'reset':
      await index.reset();
      return null;
    case 'match':
      return request.withPending === true
        ? request.inputs.map((input) => index.matchWithPending(input))
        : request.inputs.map((input) => index.match(input));
    case 'close':
      // Its connections end cleanly instead of being cut when the thread is terminated.
      await reader.close();
      return null;
  }
}

port.on('message', (request: IndexRequest) => {
  answer(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies IndexReply),
    (error: unknown) => {
      const { message, code } = error as { message?: unknown; code?: unknown };
      port.postMessage({
        id: request.id,
        ok: false,
        error: {
          message: String(message ?? error),
          code: typeof code === 'string' ? code : undefined,
        },
      } satisfies IndexReply);
    },
  );
});
