import { KeywordIndexThread } from '../src/modules/matching/thread/keyword-index-thread.js';

/**
 * A cold load and nothing else, for bench:ingest: a fresh process starts the keyword index
 * thread on the database given and prints what its load took, with no application starting
 * beside it. Prints one JSON line: {"keywords":N,"ms":N}.
 */
const thread = KeywordIndexThread.start({ databaseUrl: process.argv[2] });
const { activity, size } = await thread.refresh();
await thread.close();
if (activity.load === undefined) throw new Error('the thread answered without a load');
process.stdout.write(`${JSON.stringify({ keywords: size, ms: activity.load.ms })}\n`);
