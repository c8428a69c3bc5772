import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pollEvery } from '../../app/polling';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { formatInstant } from '../../components/format';
import { FIGURES_REFRESH_MS } from './figures';

/** A console page of figures: read on opening and again every FIGURES_REFRESH_MS. */
export function FiguresPage<T>({
  title,
  fetch,
  children,
}: {
  title: string;
  fetch: () => Promise<T>;
  children: (figures: T) => ReactNode;
}) {
  const figures = useQuery({
    queryKey: ['ops-figures', title],
    queryFn: fetch,
    ...pollEvery(FIGURES_REFRESH_MS),
  });
  return (
    <Page title={title}>
      <QueryState query={figures} empty={false}>
        {figures.data && children(figures.data)}
      </QueryState>
    </Page>
  );
}

/** When the figures shown were read, and that they are every instance's. */
export function FiguresAsOf({ asOf }: { asOf: string }) {
  return (
    <p className="meta">
      Figures of every instance, up to {formatInstant(asOf)}; read again every{' '}
      {FIGURES_REFRESH_MS / 1000} s.
    </p>
  );
}
