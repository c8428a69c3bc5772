import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppError } from '../common/errors/app-error.js';
import { createRootLogger, PinoNestLogger } from '../common/logging/logger.js';
import { ConfigError, loadConfig } from '../config/app-config.js';
import type { KeywordIndexThread } from '../modules/matching/thread/keyword-index-thread.js';
import { ADMIN_COMMANDS, CommandFailed, UsageError } from './admin-commands.js';
import { CommandModule } from './command.module.js';

const USAGE = `usage: npm run --silent admin -- <command> [...]
  create-account --plan <starter|pro|scale> [--product alerts|app] [--name TEXT]
  create-key <account_id> [--scope read|write] [--expires <ISO 8601>]
  revoke-key <key_id>
  set-plan <account_id> [--plan P] [--status active|canceled]
  list-accounts
  show-account <account_id>
  create-user <account_id> --email <email> [--role owner|admin|member|viewer]
  create-operator --email <email>
  reset-password <email>
  ingest <file.ndjson | ->
  rotate-secret-key
  send-digests --frequency <hourly|daily>`;

/** stdout carries exactly one JSON line; everything else goes to stderr. */
async function main(argv: string[], keywordIndexThread?: KeywordIndexThread): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : ADMIN_COMMANDS[name];
  if (!command) {
    process.stderr.write(`${name ? `unknown command: ${name}\n` : ''}${USAGE}\n`);
    return 2;
  }
  const prepared = command(args);
  // The command does its one job and exits: no poller, delivery worker or scheduled jobs here.
  const config = { ...loadConfig(), backgroundJobs: false };
  // Quiet by default, so a failure leaves one line on stderr; LOG_LEVEL turns the logs on.
  const logger = createRootLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn');
  const app = await NestFactory.createApplicationContext(
    CommandModule.forRoot({ config, logger, keywordIndexThread }, await prepared.features()),
    { logger: new PinoNestLogger(logger) },
  );
  try {
    const result = await prepared.run(app);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } finally {
    await app.close();
  }
}

/** Runs one command and sets the exit code: 0 done, 1 failed, 2 not understood. */
export function runAdmin(argv: string[], keywordIndexThread?: KeywordIndexThread): Promise<void> {
  return main(argv, keywordIndexThread).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof CommandFailed) process.stdout.write(`${JSON.stringify(error.result)}\n`);
      const known =
        error instanceof CommandFailed ||
        error instanceof AppError ||
        error instanceof UsageError ||
        error instanceof ConfigError;
      const message = known ? (error as Error).message : String((error as Error)?.message ?? error);
      process.stderr.write(`admin: ${message.replace(/\s*\n\s*/g, '; ')}\n`);
      process.exitCode = error instanceof UsageError ? 2 : 1;
    },
  );
}
