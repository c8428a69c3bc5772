import { KeywordIndexThread } from './modules/matching/thread/keyword-index-thread.js';

// Started before the application's modules are even loaded, so the keyword index is built
// during the start-up instead of after it (keyword-index-thread.ts).
const keywordIndexThread = KeywordIndexThread.start();
const { serve, reportStartFailure } = await import('./server.js');
serve(keywordIndexThread).catch(reportStartFailure);
