import { createReadStream } from 'node:fs';
import { parseArgs } from 'node:util';
import type { INestApplicationContext } from '@nestjs/common';
import { LazyModuleLoader } from '@nestjs/core';
import { isoWithMillis } from '../common/time/timestamps.js';
import {
  isPlanName,
  PLAN_NAMES,
  PLAN_STATUSES,
  PRODUCTS,
  type PlanStatus,
  type Product,
} from '../config/plans.js';
import type { AccountEntity } from '../modules/accounts/account.entity.js';
import type { ApiKeyEntity } from '../modules/accounts/api-key.entity.js';
import { AccountsService } from '../modules/accounts/accounts.service.js';
import { DigestService } from '../modules/email/digests/digest.service.js';
import { DumpImportService } from '../modules/ingestion/dump/dump-import.service.js';
import { UsersService } from '../modules/users/users.service.js';
import { WebhookKeyRotation } from '../modules/webhooks/secrets/webhook-key-rotation.service.js';
import { WebhookSecretsModule } from '../modules/webhooks/secrets/webhook-secrets.module.js';

export class UsageError extends Error {}

/** The command ran but failed at its job: its result is still printed, then the message; exit 1. */
export class CommandFailed extends Error {
  constructor(
    message: string,
    readonly result: Record<string, unknown>,
  ) {
    super(message);
  }
}

export type AdminCommand = (
  app: INestApplicationContext,
  args: string[],
) => Promise<Record<string, unknown>>;

function parse(args: string[], options: Record<string, { type: 'string' }>, positionals: number) {
  const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(
      `expected ${positionals} positional argument(s), got ${parsed.positionals.length}`,
    );
  }
  return parsed;
}

function planOption(value: string | undefined, required: boolean) {
  if (value === undefined && !required) return undefined;
  if (!isPlanName(value)) throw new UsageError(`--plan must be one of ${PLAN_NAMES.join(', ')}`);
  return value;
}

function accountJson(account: AccountEntity) {
  return {
    account_id: account.id,
    name: account.name,
    product: account.product,
    plan: account.plan,
    status: account.status,
    created_at: isoWithMillis(account.createdAt),
    updated_at: isoWithMillis(account.updatedAt),
  };
}

const createAccount: AdminCommand = async (app, args) => {
  const { values } = parse(
    args,
    { plan: { type: 'string' }, product: { type: 'string' }, name: { type: 'string' } },
    0,
  );
  const plan = planOption(values.plan, true)!;
  const product = (values.product ?? 'alerts') as Product;
  if (!PRODUCTS.includes(product))
    throw new UsageError(`--product must be one of ${PRODUCTS.join(', ')}`);
  const { account, apiKey } = await app
    .get(AccountsService)
    .createAccount({ plan, product, name: values.name });
  return {
    account_id: account.id,
    api_key: apiKey,
    product: account.product,
    plan: account.plan,
    status: account.status,
  };
};

const createKey: AdminCommand = async (app, args) => {
  const { positionals } = parse(args, {}, 1);
  const { key, apiKey } = await app.get(AccountsService).createKey(positionals[0]);
  return { key_id: key.id, api_key: apiKey };
};

const revokeKey: AdminCommand = async (app, args) => {
  const { positionals } = parse(args, {}, 1);
  await app.get(AccountsService).revokeKey(positionals[0]);
  return { revoked: true, key_id: positionals[0] };
};

const setPlan: AdminCommand = async (app, args) => {
  const { values, positionals } = parse(
    args,
    { plan: { type: 'string' }, status: { type: 'string' } },
    1,
  );
  const plan = planOption(values.plan, false);
  const status = values.status as PlanStatus | undefined;
  if (status !== undefined && !PLAN_STATUSES.includes(status)) {
    throw new UsageError(`--status must be one of ${PLAN_STATUSES.join(', ')}`);
  }
  if (plan === undefined && status === undefined)
    throw new UsageError('give --plan and/or --status');
  return accountJson(
    await app.get(AccountsService).updateAccount(positionals[0], { plan, status }),
  );
};

const listAccounts: AdminCommand = async (app, args) => {
  parse(args, {}, 0);
  const accounts = await app.get(AccountsService).listAccounts();
  return { accounts: accounts.map(accountJson), count: accounts.length };
};

function keyJson(key: ApiKeyEntity) {
  return {
    key_id: key.id,
    prefix: key.keyPrefix,
    created_at: isoWithMillis(key.createdAt),
    revoked_at: key.revokedAt === null ? null : isoWithMillis(key.revokedAt),
  };
}

const showAccount: AdminCommand = async (app, args) => {
  const { positionals } = parse(args, {}, 1);
  const { account, keys } = await app.get(AccountsService).showAccount(positionals[0]);
  return { ...accountJson(account), keys: keys.map(keyJson) };
};

/** decisions section 9: the password is generated and shown in this one answer. */
const createUser: AdminCommand = async (app, args) => {
  const { values, positionals } = parse(args, { email: { type: 'string' } }, 1);
  if (values.email === undefined) throw new UsageError('give --email');
  const { user, password } = await app.get(UsersService).createUser(positionals[0], values.email);
  return { user_id: user.id, account_id: user.accountId, email: user.email, password };
};

/** decisions section 10: an operator of the service, of no account; the password shown once. */
const createOperator: AdminCommand = async (app, args) => {
  const { values } = parse(args, { email: { type: 'string' } }, 0);
  if (values.email === undefined) throw new UsageError('give --email');
  const { user, password } = await app.get(UsersService).createOperator(values.email);
  return { user_id: user.id, email: user.email, role: user.role, password };
};

const resetPassword: AdminCommand = async (app, args) => {
  const { positionals } = parse(args, {}, 1);
  const { user, password } = await app.get(UsersService).resetPassword(positionals[0]);
  return { user_id: user.id, email: user.email, password };
};

const PROGRESS_EVERY_MS = 5_000;
/** Bad lines reported one by one; past this, only their count. */
const BAD_LINES_SHOWN = 20;

const ingest: AdminCommand = async (app, args) => {
  const { positionals } = parse(args, {}, 1);
  const source = positionals[0] === '-' ? process.stdin : createReadStream(positionals[0]);
  const opened = new Promise<void>((resolve, reject) => {
    if (source === process.stdin) resolve();
    source.once('open', () => resolve()).once('error', reject);
  });
  await opened.catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${positionals[0]}: ${error.code ?? error.message}`);
  });
  const started = Date.now();
  let lastProgress = started;
  let badLines = 0;
  const summary = await app.get(DumpImportService).import(source, {
    badLine: (lineNumber, error) => {
      badLines += 1;
      if (badLines <= BAD_LINES_SHOWN) process.stderr.write(`line ${lineNumber}: ${error}\n`);
    },
    progress: (linesRead, summary) => {
      if (Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = Date.now();
      const rate = Math.round(linesRead / ((lastProgress - started) / 1000));
      process.stderr.write(
        `ingest: ${linesRead} lines, ${summary.alerts} alerts, ${summary.capped} capped (${rate} lines/s)\n`,
      );
    },
  });
  if (badLines > BAD_LINES_SHOWN) {
    process.stderr.write(`… and ${badLines - BAD_LINES_SHOWN} more bad lines\n`);
  }
  if (summary.posts + summary.comments === 0) {
    const input = positionals[0] === '-' ? 'standard input' : positionals[0];
    throw new CommandFailed(`no valid line in ${input} (${badLines} bad)`, { ...summary });
  }
  return { ...summary };
};

const DIGEST_FREQUENCIES = ['hourly', 'daily'] as const;

/** decisions section 11: what the scheduler does on the hour and at 00:00 UTC, now. */
const sendDigests: AdminCommand = async (app, args) => {
  const { values } = parse(args, { frequency: { type: 'string' } }, 0);
  const frequency = DIGEST_FREQUENCIES.find((known) => known === values.frequency);
  if (frequency === undefined) {
    throw new UsageError(`--frequency must be one of ${DIGEST_FREQUENCIES.join(', ')}`);
  }
  const { sent } = await app.get(DigestService).sendDigests(frequency);
  return { sent };
};

/** Loaded for this command alone: no other command reads or makes the key file. */
const rotateSecretKey: AdminCommand = async (app, args) => {
  parse(args, {}, 0);
  const secrets = await app.get(LazyModuleLoader).load(() => WebhookSecretsModule);
  const rotation = await secrets.get(WebhookKeyRotation).rotate();
  const result = {
    key_id: rotation.keyId,
    key_file: rotation.keyFile,
    resealed: rotation.resealed,
    unreadable: rotation.unreadable,
  };
  if (rotation.unreadable > 0) {
    throw new CommandFailed(
      `${rotation.unreadable} webhook secret(s) did not open and were left as they were: their webhooks' deliveries fail until their secret is rotated`,
      result,
    );
  }
  return result;
};

export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  'create-account': createAccount,
  'create-key': createKey,
  'revoke-key': revokeKey,
  'set-plan': setPlan,
  'list-accounts': listAccounts,
  'show-account': showAccount,
  'create-user': createUser,
  'create-operator': createOperator,
  'reset-password': resetPassword,
  ingest,
  'rotate-secret-key': rotateSecretKey,
  'send-digests': sendDigests,
};
