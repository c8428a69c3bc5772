import { createReadStream } from 'node:fs';
import { parseArgs } from 'node:util';
import type { INestApplicationContext } from '@nestjs/common';
import {
  isoWithMillis,
  isoWithMillisOrNull as isoOrNull,
  parseIsoTimestamp,
} from '../common/time/timestamps.js';
import {
  isPlanName,
  PLAN_NAMES,
  PLAN_STATUSES,
  PRODUCTS,
  type PlanStatus,
  type Product,
} from '../config/plans.js';
import type { AccountEntity } from '../modules/accounts/account.entity.js';
import { isKeyScope, KEY_SCOPES, type ApiKeyEntity } from '../modules/accounts/api-key.entity.js';
import { AccountsModule } from '../modules/accounts/accounts.module.js';
import { AccountsService } from '../modules/accounts/accounts.service.js';
import { ACCOUNT_ROLES, isAccountRole, type AccountRole } from '../modules/auth/account-roles.js';
import { UsersModule } from '../modules/users/users.module.js';
import { UsersService } from '../modules/users/users.service.js';
import type { FeatureModule } from './command.module.js';

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

/** A command whose arguments were read: what it loads, and what it does once that is up. */
export interface PreparedCommand {
  /** The feature modules it works with, imported only for it. */
  features: () => Promise<FeatureModule[]>;
  run: (app: INestApplicationContext) => Promise<Record<string, unknown>>;
}

/**
 * Reads a command's arguments before anything else loads, so that a usage error answers at once
 * (UsageError), and prepares it.
 */
export type AdminCommand = (args: string[]) => PreparedCommand;

const accountFeatures = () => Promise.resolve([AccountsModule, UsersModule]);

/** The ingestion pipeline with every sink (alerts, usage, deliveries, mail), as the server runs it. */
async function pipelineFeatures(): Promise<FeatureModule[]> {
  const [{ IngestionModule }, { PIPELINE_SINKS }] = await Promise.all([
    import('../modules/ingestion/ingestion.module.js'),
    import('../pipeline-sinks.js'),
  ]);
  return [IngestionModule.forRoot({ sinks: PIPELINE_SINKS })];
}

/** An account or user command: it runs on AccountsService and UsersService alone. */
function onAccounts(run: PreparedCommand['run']): PreparedCommand {
  return { features: accountFeatures, run };
}

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

const createAccount: AdminCommand = (args) => {
  const { values } = parse(
    args,
    { plan: { type: 'string' }, product: { type: 'string' }, name: { type: 'string' } },
    0,
  );
  const plan = planOption(values.plan, true)!;
  const product = (values.product ?? 'alerts') as Product;
  if (!PRODUCTS.includes(product))
    throw new UsageError(`--product must be one of ${PRODUCTS.join(', ')}`);
  return onAccounts(async (app) => {
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
  });
};

/** decisions section 15: `--scope read|write` (default write), `--expires <ISO 8601>` (in the future). */
const createKey: AdminCommand = (args) => {
  const { values, positionals } = parse(
    args,
    { scope: { type: 'string' }, expires: { type: 'string' } },
    1,
  );
  const scope = values.scope ?? 'write';
  if (!isKeyScope(scope)) throw new UsageError(`--scope must be one of ${KEY_SCOPES.join(', ')}`);
  const expiresAt = values.expires === undefined ? null : parseIsoTimestamp(values.expires);
  if (values.expires !== undefined && expiresAt === null) {
    throw new UsageError('--expires must be an ISO 8601 timestamp such as 2027-01-31T00:00:00Z');
  }
  return onAccounts(async (app) => {
    const { key, apiKey } = await app
      .get(AccountsService)
      .createKey(positionals[0], { scope, expiresAt });
    return {
      key_id: key.id,
      api_key: apiKey,
      scope: key.scope,
      expires_at: isoOrNull(key.expiresAt),
    };
  });
};

const revokeKey: AdminCommand = (args) => {
  const { positionals } = parse(args, {}, 1);
  return onAccounts(async (app) => {
    await app.get(AccountsService).revokeKey(positionals[0]);
    return { revoked: true, key_id: positionals[0] };
  });
};

const setPlan: AdminCommand = (args) => {
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
  return onAccounts(async (app) =>
    accountJson(await app.get(AccountsService).updateAccount(positionals[0], { plan, status })),
  );
};

const listAccounts: AdminCommand = (args) => {
  parse(args, {}, 0);
  return onAccounts(async (app) => {
    const accounts = await app.get(AccountsService).listAccounts();
    return { accounts: accounts.map(accountJson), count: accounts.length };
  });
};

function keyJson(key: ApiKeyEntity) {
  return {
    key_id: key.id,
    prefix: key.keyPrefix,
    created_at: isoWithMillis(key.createdAt),
    revoked_at: isoOrNull(key.revokedAt),
    scope: key.scope,
    expires_at: isoOrNull(key.expiresAt),
  };
}

const showAccount: AdminCommand = (args) => {
  const { positionals } = parse(args, {}, 1);
  return onAccounts(async (app) => {
    const { account, keys } = await app.get(AccountsService).showAccount(positionals[0]);
    return { ...accountJson(account), keys: keys.map(keyJson) };
  });
};

function roleOption(value: string | undefined): AccountRole {
  if (value === undefined) return 'owner';
  if (!isAccountRole(value)) {
    throw new UsageError(`--role must be one of ${[...ACCOUNT_ROLES].reverse().join(', ')}`);
  }
  return value;
}

/** decisions sections 9 and 15: the password is generated and shown in this one answer. */
const createUser: AdminCommand = (args) => {
  const { values, positionals } = parse(
    args,
    { email: { type: 'string' }, role: { type: 'string' } },
    1,
  );
  const email = values.email;
  if (email === undefined) throw new UsageError('give --email');
  const role = roleOption(values.role);
  return onAccounts(async (app) => {
    const { user, password } = await app.get(UsersService).createUser(positionals[0], email, role);
    return {
      user_id: user.id,
      account_id: user.accountId,
      email: user.email,
      password,
      role: user.role,
    };
  });
};

/** decisions section 10: an operator of the service, of no account; the password shown once. */
const createOperator: AdminCommand = (args) => {
  const { values } = parse(args, { email: { type: 'string' } }, 0);
  const email = values.email;
  if (email === undefined) throw new UsageError('give --email');
  return onAccounts(async (app) => {
    const { user, password } = await app.get(UsersService).createOperator(email);
    return { user_id: user.id, email: user.email, role: user.role, password };
  });
};

const resetPassword: AdminCommand = (args) => {
  const { positionals } = parse(args, {}, 1);
  return onAccounts(async (app) => {
    const { user, password } = await app.get(UsersService).resetPassword(positionals[0]);
    return { user_id: user.id, email: user.email, password };
  });
};

const PROGRESS_EVERY_MS = 5_000;
/** Bad lines reported one by one; past this, only their count. */
const BAD_LINES_SHOWN = 20;

const ingest: AdminCommand = (args) => {
  const { positionals } = parse(args, {}, 1);
  return { features: pipelineFeatures, run: (app) => importDump(app, positionals[0]) };
};

async function importDump(app: INestApplicationContext, path: string) {
  const source = path === '-' ? process.stdin : createReadStream(path);
  const opened = new Promise<void>((resolve, reject) => {
    if (source === process.stdin) resolve();
    source.once('open', () => resolve()).once('error', reject);
  });
  await opened.catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${path}: ${error.code ?? error.message}`);
  });
  const started = Date.now();
  let lastProgress = started;
  let badLines = 0;
  const { DumpImportService } = await import('../modules/ingestion/dump/dump-import.service.js');
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
    const input = path === '-' ? 'standard input' : path;
    throw new CommandFailed(`no valid line in ${input} (${badLines} bad)`, { ...summary });
  }
  return { ...summary };
}

const DIGEST_FREQUENCIES = ['hourly', 'daily'] as const;

/** decisions section 11: what the scheduler does on the hour and at 00:00 UTC, now. */
const sendDigests: AdminCommand = (args) => {
  const { values } = parse(args, { frequency: { type: 'string' } }, 0);
  const frequency = DIGEST_FREQUENCIES.find((known) => known === values.frequency);
  if (frequency === undefined) {
    throw new UsageError(`--frequency must be one of ${DIGEST_FREQUENCIES.join(', ')}`);
  }
  return {
    features: pipelineFeatures,
    run: async (app) => {
      const { DigestService } = await import('../modules/email/digests/digest.service.js');
      const { sent } = await app.get(DigestService).sendDigests(frequency);
      return { sent };
    },
  };
};

/**
 * Its modules are this command's alone: no other command reads or makes the key file. Single
 * sign-on's client secrets are sealed under the same keys, so they are resealed too.
 */
const rotateSecretKey: AdminCommand = (args) => {
  parse(args, {}, 0);
  return {
    features: async () => [
      (await import('../modules/webhooks/secrets/webhook-secrets.module.js')).WebhookSecretsModule,
      (await import('../modules/sso/sso-secrets.module.js')).SsoSecretsModule,
    ],
    run: rotateWebhookSecretKey,
  };
};

async function rotateWebhookSecretKey(app: INestApplicationContext) {
  const { WebhookKeyRotation } =
    await import('../modules/webhooks/secrets/webhook-key-rotation.service.js');
  const rotation = await app.get(WebhookKeyRotation).rotate();
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
}

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
