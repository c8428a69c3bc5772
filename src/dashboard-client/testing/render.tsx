import { QueryClient, QueryClientProvider, type DefaultOptions } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';

/**
 * Renders a page inside a query client of its own, which never retries a failed request unless
 * `queries` says otherwise (the app's QUERY_DEFAULTS).
 */
export function renderPage(
  page: ReactElement,
  queries: DefaultOptions['queries'] = { retry: false },
): RenderResult & { user: UserEvent } {
  const client = new QueryClient({
    defaultOptions: { queries, mutations: { retry: false } },
  });
  return {
    user: userEvent.setup(),
    ...render(<QueryClientProvider client={client}>{page}</QueryClientProvider>),
  };
}
