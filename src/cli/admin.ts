import { KeywordIndexThread } from '../modules/matching/thread/keyword-index-thread.js';

// `ingest` matches against the keyword index: its thread starts before the application's
// modules are even loaded, so the index is built during the start-up (keyword-index-thread.ts).
const argv = process.argv.slice(2);
const keywordIndexThread = argv[0] === 'ingest' ? KeywordIndexThread.start() : undefined;
const { runAdmin } = await import('./admin-program.js');
await runAdmin(argv, keywordIndexThread);
