import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** Names this application instance in the samples it writes (and as the poll lease's holder). */
export const INSTANCE_ID = Symbol('INSTANCE_ID');

/** Host and process, and a suffix that tells apart two applications in one process (tests). */
export function newInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;
}
