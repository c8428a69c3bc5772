import type { AlertEntity } from '../../alerts/alert.entity.js';

/** Alerts as every mail lists them: newest match first (ids break ties in time order). */
export function newestFirst(alerts: readonly AlertEntity[]): AlertEntity[] {
  return [...alerts].sort((a, b) =>
    a.matchedAt !== b.matchedAt ? b.matchedAt - a.matchedAt : a.id < b.id ? 1 : -1,
  );
}
