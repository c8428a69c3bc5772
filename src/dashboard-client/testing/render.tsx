import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';

/** Renders a page inside a query client of its own, which never retries a failed request. */
export function renderPage(page: ReactElement): RenderResult & { user: UserEvent } {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    user: userEvent.setup(),
    ...render(<QueryClientProvider client={client}>{page}</QueryClientProvider>),
  };
}
