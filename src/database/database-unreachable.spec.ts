import { QueryFailedError } from 'typeorm';
import { toAppError } from '../common/errors/to-app-error.js';
import {
  DatabaseUnreachableError,
  isConnectionFailure,
  isDatabaseUnreachable,
} from './database-unreachable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const underQuery = (driverError: Error) => new QueryFailedError('SELECT 1', [], driverError);

const FAILED_CONNECTIONS: [string, Error][] = [
  ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
  ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
  ['a host that does not resolve', withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
  ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
  ['a connection that did not start in time', new Error('timeout expired')],
  [
    'an administrator’s shutdown',
    withCode('terminating connection due to administrator command', '57P01'),
  ],
  ['a server starting up', withCode('the database system is starting up', '57P03')],
  ['a connection exception', withCode('connection failure', '08006')],
];

const OTHER_FAILURES: [string, Error][] = [
  ['a unique violation', withCode('duplicate key value', '23505')],
  ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
  ['a statement timeout', withCode('canceling statement due to statement timeout', '57014')],
  ['a wrong password', withCode('password authentication failed for user "alerts"', '28P01')],
  ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
];

describe('isConnectionFailure', () => {
  it.each(FAILED_CONNECTIONS)('is true of %s, bare or under a query', (_, error) => {
    expect(isConnectionFailure(error)).toBe(true);
    expect(isConnectionFailure(underQuery(error))).toBe(true);
  });

  it.each(OTHER_FAILURES)('is false of %s', (_, error) => {
    expect(isConnectionFailure(error)).toBe(false);
    expect(isConnectionFailure(underQuery(error))).toBe(false);
  });
});

describe('isDatabaseUnreachable', () => {
  it.each(FAILED_CONNECTIONS)('is true of %s under a query', (_, error) => {
    expect(isDatabaseUnreachable(underQuery(error))).toBe(true);
  });

  it('is true of a connection the pool did not open', () => {
    expect(isDatabaseUnreachable(new DatabaseUnreachableError(0))).toBe(true);
  });

  it('is false of a socket error the database layer did not throw (a mail server’s, say)', () => {
    expect(
      isDatabaseUnreachable(withCode('connect ECONNREFUSED 127.0.0.1:25', 'ECONNREFUSED')),
    ).toBe(false);
  });

  it('makes a connection lost under a query 503 unavailable with Retry-After, not an internal error', () => {
    const answer = toAppError(underQuery(new Error('Connection terminated unexpectedly')));

    expect(answer).toMatchObject({
      code: 'unavailable',
      message:
        'The service is briefly unavailable: its database cannot be reached. Try again in 5 seconds.',
      headers: { 'Retry-After': '5' },
    });
  });
});
