import type { ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice';

/**
 * A list's query as a person should see it: loading, its failure (announced), empty, or the
 * list. A failed next page keeps the pages already shown.
 */
export function QueryState({
  query,
  empty,
  emptyText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  empty: boolean;
  emptyText?: ReactNode;
  children: ReactNode;
}) {
  let body: ReactNode = children;
  if (query.isPending) body = <p className="loading">Loading…</p>;
  else if (empty) body = query.isError ? null : <div className="empty">{emptyText}</div>;
  return (
    <>
      <ErrorNotice error={query.error} />
      {body}
    </>
  );
}
