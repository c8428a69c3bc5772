/**
 * A statement running longer than this fails (SQLSTATE 57014, "canceling statement due to
 * statement timeout") instead of holding its caller, and what waits on it, forever: lock waits
 * included. DATABASE_STATEMENT_TIMEOUT_MS changes it; 0 means none. Migrations run without it.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * A session left inside a transaction, idle, for this long is ended by the server, which frees
 * its locks: what a process stuck between two statements of a transaction would otherwise hold.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** The node-postgres settings every connection opens with (0: no statement timeout). */
export function postgresSessionLimits(statementTimeoutMs: number): {
  statement_timeout: number;
  idle_in_transaction_session_timeout: number;
} {
  return {
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * DATABASE_STATEMENT_TIMEOUT_MS as a thread that cannot load the configuration reads it (the
 * keyword index thread); the application validates it as it starts, and stops when it is wrong.
 */
export function statementTimeoutFromEnvironment(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.DATABASE_STATEMENT_TIMEOUT_MS;
  return value === undefined || value === '' ? DEFAULT_STATEMENT_TIMEOUT_MS : Number(value);
}
