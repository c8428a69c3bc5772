import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  validateSync,
} from 'class-validator';
import { resolve } from 'node:path';
import { DEFAULT_DATABASE_URL } from '../database/database-url.js';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../database/postgres-session-limits.js';
import { PASSWORD_HASH_COST } from '../modules/users/password-hash.js';
import { PLAN_NAMES, type PlanName } from './plans.js';

export type ProcessRole = 'all' | 'api' | 'worker';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type SignUpMode = 'open' | 'closed';

/** 30 days, as long as the longest history a peer keeps (decisions.md section 14). */
const MAX_RECENT_ITEMS_HOURS = 720;
const DEFAULT_RECENT_ITEMS_HOURS = 24;

/** scrypt's N = 2^PASSWORD_HASH_LOG_N: below 10 a hash is too cheap to slow a guesser at all. */
const MIN_PASSWORD_HASH_LOG_N = 10;
/** 2^20 takes 1 GiB of memory per hash, already more than a sign-in should cost. */
const MAX_PASSWORD_HASH_LOG_N = 20;

const toBoolean = ({ value }: { value: unknown }) =>
  value === undefined
    ? undefined
    : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());
const toInteger = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : Number(value);

class EnvironmentVariables {
  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @IsString()
  // Not sqlite::memory:: reads use a second connection, which must open the same database.
  @Matches(/^(sqlite:(?!:memory:$).+|postgres(ql)?:\/\/.+)$/, {
    message: 'DATABASE_URL must be sqlite:<file path> or postgres://…',
  })
  DATABASE_URL?: string;

  @IsOptional()
  @IsString()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be redis://…' })
  REDIS_URL?: string;

  @IsOptional()
  @IsString()
  REDDIT_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  REDDIT_CLIENT_SECRET?: string;

  @IsOptional()
  @IsString()
  REDDIT_USER_AGENT?: string;

  @IsOptional()
  @IsString()
  @Matches(/^https?:\/\/.+/, { message: 'REDDIT_API_BASE must be a URL' })
  REDDIT_API_BASE?: string;

  @IsOptional()
  @IsString()
  @Matches(/^https?:\/\/.+/, { message: 'REDDIT_AUTH_BASE must be a URL' })
  REDDIT_AUTH_BASE?: string;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(100)
  INGEST_POLL_MS?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1000)
  INGEST_STALL_MS?: number;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE?: boolean;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  SSO_ALLOW_HTTP?: boolean;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(100)
  @Max(60000)
  WEBHOOK_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  @Max(1024)
  DELIVERY_CONCURRENCY?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  REDELIVERY_ROWS_PER_HOUR?: number;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, {
    message: 'WEBHOOK_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
  })
  WEBHOOK_SECRET_KEY?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9+/]{43}=(,[A-Za-z0-9+/]{43}=)*$/, {
    message: 'WEBHOOK_SECRET_KEY_PREVIOUS must be comma-separated keys of 32 bytes in base64',
  })
  WEBHOOK_SECRET_KEY_PREVIOUS?: string;

  @IsOptional()
  @IsString()
  WEBHOOK_SECRET_KEY_FILE?: string;

  @IsOptional()
  @IsString()
  @Matches(/^https?:\/\/[^/?#\s]+\/?$/, {
    message: 'PUBLIC_BASE_URL must be a scheme and host, e.g. https://alerts.example.com',
  })
  PUBLIC_BASE_URL?: string;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY?: boolean;

  @IsOptional()
  @IsString()
  @Matches(/^smtps?:\/\/[^/?#\s]+(:\d{1,5})?\/?$/, {
    message: 'SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…',
  })
  SMTP_URL?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[^\s@<>]+@[^\s@<>]+$/, {
    message: 'SMTP_FROM must be an address like alerts@example.com',
  })
  SMTP_FROM?: string;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: LogLevel;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  AUTH_FAILURES_PER_MINUTE?: number;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  GRAPHQL_EXPLORER?: boolean;

  @IsOptional()
  @IsString()
  @Matches(/^\S{16,}$/, { message: 'METRICS_TOKEN must be at least 16 characters, no spaces' })
  METRICS_TOKEN?: string;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  @IsOptional()
  @IsIn(['all', 'api', 'worker'])
  ROLE?: ProcessRole;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  DATABASE_STATEMENT_TIMEOUT_MS?: number;

  @IsOptional()
  @IsString()
  DASHBOARD_DIR?: string;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(0)
  @Max(MAX_RECENT_ITEMS_HOURS)
  RECENT_ITEMS_HOURS?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  PREVIEW_RATE_PER_MINUTE?: number;

  @IsOptional()
  @IsIn(['open', 'closed'], { message: 'SIGNUP must be open or closed' })
  SIGNUP?: SignUpMode;

  @IsOptional()
  @IsIn(PLAN_NAMES, { message: `SIGNUP_PLAN must be one of ${PLAN_NAMES.join(', ')}` })
  SIGNUP_PLAN?: PlanName;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(1)
  DASHBOARD_RATE_PER_MINUTE?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt()
  @Min(MIN_PASSWORD_HASH_LOG_N)
  @Max(MAX_PASSWORD_HASH_LOG_N)
  PASSWORD_HASH_LOG_N?: number;
}

export interface RedditCredentials {
  clientId: string;
  clientSecret: string;
}

export interface AppConfig {
  port: number;
  databaseUrl: string;
  /** PostgreSQL: statements running longer fail (0: no limit); postgres-session-limits.ts. */
  databaseStatementTimeoutMs: number;
  redisUrl: string | null;
  reddit: {
    /** Several comma-separated ids/secrets give one request budget each. */
    credentials: RedditCredentials[];
    userAgent: string;
    apiBase: string;
    authBase: string;
    pollMs: number;
    /** No progress for this long while polling: the poller shows as stalled (metrics, error log). */
    stallMs: number;
  };
  sso: {
    /** SSO_ALLOW_HTTP (development): an http issuer on a loopback host is accepted. */
    allowHttpLoopback: boolean;
  };
  webhooks: {
    allowPrivate: boolean;
    timeoutMs: number;
    concurrency: number;
    /** Deliveries an account's redeliveries (single and bulk) may queue per clock hour. */
    redeliveryRowsPerHour: number;
    /** AES-256 key that seals signing secrets at rest; null: the key file's first key does. */
    secretKey: Buffer | null;
    /** Keys that still open secrets sealed before WEBHOOK_SECRET_KEY changed; they never seal. */
    previousSecretKeys: Buffer[];
    /** Where the key file is, when WEBHOOK_SECRET_KEY is unset; null: the default place. */
    secretKeyFile: string | null;
  };
  publicUrls: PublicUrlSettings;
  /** Email subscriptions; null when SMTP_URL is unset (they are then refused). */
  email: EmailSettings | null;
  logLevel: LogLevel;
  /** Requests without a valid key allowed per client address and minute before they get 429. */
  authFailuresPerMinute: number;
  /** Keyword previews per minute per API key or signed-in user (PREVIEW_RATE_PER_MINUTE). */
  previewRatePerMinute: number;
  /**
   * Reads per minute per signed-in user or operator of the dashboard (DASHBOARD_RATE_PER_MINUTE),
   * in place of the plan's per-key read limit.
   */
  dashboardRatePerMinute: number;
  /** GraphQL introspection and the GraphiQL page at GET /graphql. */
  graphqlExplorer: boolean;
  /** GET /metrics on the public port answers `Authorization: Bearer <metricsToken>` only; null: 404. */
  metricsToken: string | null;
  /** A second listener on 127.0.0.1 serving /metrics alone, without a token; null: none. */
  metricsPort: number | null;
  role: ProcessRole;
  /** Background loops (poller, delivery worker, schedulers) run only when true. */
  backgroundJobs: boolean;
  /** The built dashboard client (`npm run build` writes it), served at /dashboard. */
  dashboardDir: string;
  /** How long ingested items stay in the recent window (decisions.md section 14); 0: no window. */
  recentItemsHours: number;
  /** Self-service sign-up at /dashboard/signup (docs/dashboard.md, Signing up). */
  signUp: SignUpSettings;
  /**
   * PASSWORD_HASH_LOG_N: scrypt's work factor for the passwords hashed from now on (password-hash.ts);
   * below the default only to make tests fast.
   */
  passwordHashLogN: number;
}

export interface SignUpSettings {
  /** SIGNUP: closed (the default) or open, which needs SMTP_URL; an operator may close it again. */
  mode: SignUpMode;
  /** SIGNUP_PLAN: the plan of the accounts sign-up creates. */
  plan: PlanName;
}

/** Where the links the service hands out (feed URLs) point: see publicBaseUrl. */
export interface PublicUrlSettings {
  /** PUBLIC_BASE_URL without a trailing slash; wins over any request header. */
  baseUrl: string | null;
  /** TRUST_PROXY: X-Forwarded-Proto/-Host come from a proxy the operator runs. */
  trustProxy: boolean;
}

/** Where mail goes out and what its links point to (docs/email.md). */
export interface EmailSettings {
  /** SMTP_URL, credentials included: never logged. */
  smtpUrl: string;
  from: string;
  /** PUBLIC_BASE_URL, which the links in every mail need. */
  linkBaseUrl: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {}

const DEFAULT_PREVIEW_RATE_PER_MINUTE = 10;
/**
 * Out of a person's reach: three tabs on the Alerts page poll 90 reads a minute, and clicking
 * through a page every second adds about as many again.
 */
const DEFAULT_DASHBOARD_RATE_PER_MINUTE = 600;
const DEFAULT_PORT = 3000;
/** decisions section 12: what bulk and single redelivery may queue per account and hour. */
const DEFAULT_REDELIVERY_ROWS_PER_HOUR = 10_000;
/** Where `npm run build` writes the dashboard client, from the working directory like ./data. */
const DEFAULT_DASHBOARD_DIR = 'dist/dashboard';
const DEFAULT_USER_AGENT = 'node:reddit-keyword-alerts:v0.1.0 (keyword alerts service)';

function parseCredentials(ids?: string, secrets?: string): RedditCredentials[] {
  if (!ids || !secrets) return [];
  const idList = ids.split(',').map((s) => s.trim());
  const secretList = secrets.split(',').map((s) => s.trim());
  if (idList.length !== secretList.length) {
    throw new ConfigError(
      'REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET must list the same number of comma-separated values',
    );
  }
  return idList.map((clientId, i) => ({ clientId, clientSecret: secretList[i] }));
}

/** METRICS_PORT, which cannot be PORT: the public listener already holds it on every address. */
function metricsPort(vars: EnvironmentVariables): number | null {
  if (vars.METRICS_PORT === undefined) return null;
  if (vars.METRICS_PORT !== 0 && vars.METRICS_PORT === (vars.PORT ?? DEFAULT_PORT)) {
    throw new ConfigError(`Invalid environment:\n  METRICS_PORT: must differ from PORT`);
  }
  return vars.METRICS_PORT;
}

/** The key either comes from the environment, with its previous keys, or from a key file. */
function checkSecretKeySource(vars: EnvironmentVariables): void {
  if (vars.WEBHOOK_SECRET_KEY !== undefined && vars.WEBHOOK_SECRET_KEY_FILE !== undefined) {
    throw new ConfigError('Set WEBHOOK_SECRET_KEY or WEBHOOK_SECRET_KEY_FILE, not both');
  }
  if (vars.WEBHOOK_SECRET_KEY === undefined && vars.WEBHOOK_SECRET_KEY_PREVIOUS !== undefined) {
    throw new ConfigError(
      'WEBHOOK_SECRET_KEY_PREVIOUS is only read with WEBHOOK_SECRET_KEY (a key file keeps its own previous keys)',
    );
  }
}

/** SMTP_URL needs PUBLIC_BASE_URL: a mail's links cannot come from a request's Host. */
function emailSettings(vars: EnvironmentVariables): EmailSettings | null {
  if (vars.SMTP_URL === undefined) return null;
  if (vars.PUBLIC_BASE_URL === undefined) {
    throw new ConfigError(
      'Invalid environment:\n  SMTP_URL: needs PUBLIC_BASE_URL, the address the links in mails point to',
    );
  }
  const linkBaseUrl = vars.PUBLIC_BASE_URL.replace(/\/+$/, '');
  return {
    smtpUrl: vars.SMTP_URL,
    from: vars.SMTP_FROM ?? `alerts@${new URL(linkBaseUrl).hostname}`,
    linkBaseUrl,
  };
}

/** SIGNUP=open mails a verification link to every address that signs up: it needs SMTP_URL. */
function signUpSettings(vars: EnvironmentVariables): SignUpSettings {
  const mode = vars.SIGNUP ?? 'closed';
  if (mode === 'open' && vars.SMTP_URL === undefined) {
    throw new ConfigError(
      'Invalid environment:\n  SIGNUP: open needs SMTP_URL, to mail the links that verify sign-ups',
    );
  }
  return { mode, plan: vars.SIGNUP_PLAN ?? 'starter' };
}

/** Validates the environment once; the error names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const vars = plainToInstance(EnvironmentVariables, raw, { excludeExtraneousValues: false });
  const errors = validateSync(vars, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map(
      (e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`,
    );
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  checkSecretKeySource(vars);
  const role = vars.ROLE ?? 'all';
  return {
    port: vars.PORT ?? DEFAULT_PORT,
    databaseUrl: vars.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    databaseStatementTimeoutMs: vars.DATABASE_STATEMENT_TIMEOUT_MS ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    redisUrl: vars.REDIS_URL ?? null,
    reddit: {
      credentials: parseCredentials(vars.REDDIT_CLIENT_ID, vars.REDDIT_CLIENT_SECRET),
      userAgent: vars.REDDIT_USER_AGENT ?? DEFAULT_USER_AGENT,
      apiBase: (vars.REDDIT_API_BASE ?? 'https://oauth.reddit.com').replace(/\/+$/, ''),
      authBase: (vars.REDDIT_AUTH_BASE ?? 'https://www.reddit.com').replace(/\/+$/, ''),
      pollMs: vars.INGEST_POLL_MS ?? 2000,
      stallMs: vars.INGEST_STALL_MS ?? 90_000,
    },
    sso: { allowHttpLoopback: vars.SSO_ALLOW_HTTP ?? false },
    webhooks: {
      allowPrivate: vars.WEBHOOK_ALLOW_PRIVATE ?? false,
      timeoutMs: vars.WEBHOOK_TIMEOUT_MS ?? 10000,
      concurrency: vars.DELIVERY_CONCURRENCY ?? 64,
      redeliveryRowsPerHour: vars.REDELIVERY_ROWS_PER_HOUR ?? DEFAULT_REDELIVERY_ROWS_PER_HOUR,
      secretKey:
        vars.WEBHOOK_SECRET_KEY === undefined
          ? null
          : Buffer.from(vars.WEBHOOK_SECRET_KEY, 'base64'),
      previousSecretKeys: (vars.WEBHOOK_SECRET_KEY_PREVIOUS?.split(',') ?? []).map((key) =>
        Buffer.from(key, 'base64'),
      ),
      secretKeyFile: vars.WEBHOOK_SECRET_KEY_FILE ?? null,
    },
    publicUrls: {
      baseUrl: vars.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? null,
      trustProxy: vars.TRUST_PROXY ?? false,
    },
    email: emailSettings(vars),
    logLevel: vars.LOG_LEVEL ?? 'info',
    authFailuresPerMinute: vars.AUTH_FAILURES_PER_MINUTE ?? 60,
    previewRatePerMinute: vars.PREVIEW_RATE_PER_MINUTE ?? DEFAULT_PREVIEW_RATE_PER_MINUTE,
    dashboardRatePerMinute: vars.DASHBOARD_RATE_PER_MINUTE ?? DEFAULT_DASHBOARD_RATE_PER_MINUTE,
    graphqlExplorer: vars.GRAPHQL_EXPLORER ?? false,
    metricsToken: vars.METRICS_TOKEN ?? null,
    metricsPort: metricsPort(vars),
    role,
    backgroundJobs: role !== 'api',
    dashboardDir: resolve(vars.DASHBOARD_DIR ?? DEFAULT_DASHBOARD_DIR),
    recentItemsHours: vars.RECENT_ITEMS_HOURS ?? DEFAULT_RECENT_ITEMS_HOURS,
    signUp: signUpSettings(vars),
    passwordHashLogN: vars.PASSWORD_HASH_LOG_N ?? PASSWORD_HASH_COST.logN,
  };
}
