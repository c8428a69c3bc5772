import { useQuery } from '@tanstack/react-query';
import { errorCodeOf, graphqlRequest } from '../../app/graphql';
import { pollEvery } from '../../app/polling';
import { formatInstant } from '../../components/format';
import { graphql } from '../../gql';
import { FIGURES_REFRESH_MS } from './figures';

const MISSING_DEPENDENCIES_QUERY = graphql(`
  query OpsMissingDependencies {
    opsMissingDependencies {
      dependency
      since
    }
  }
`);

/** What each missing dependency means for the service. */
const MEANING: Record<string, { name: string; consequence: string }> = {
  database: {
    name: 'The database',
    consequence: 'every request answers 503 until it is back',
  },
  redis: {
    name: 'Redis',
    consequence: 'each instance counts the rate limits on its own until it is back',
  },
};

/**
 * At the top of every console page: the dependencies the service cannot reach, with since when,
 * read again every FIGURES_REFRESH_MS. Without the database no field answers: the service's own
 * answer (503 unavailable, saying since when) is the notice then.
 */
export function DependencyNotice() {
  const missing = useQuery({
    queryKey: ['ops-missing-dependencies'],
    queryFn: () => graphqlRequest(MISSING_DEPENDENCIES_QUERY),
    ...pollEvery(FIGURES_REFRESH_MS),
  });
  if (missing.isError) {
    if (errorCodeOf(missing.error) !== 'unavailable') return null;
    return (
      <div className="card outage" role="alert">
        <p>{missing.error.message}</p>
      </div>
    );
  }
  const dependencies = missing.data?.opsMissingDependencies ?? [];
  if (dependencies.length === 0) return null;
  return (
    <div className="card outage" role="alert">
      <ul>
        {dependencies.map(({ dependency, since }) => {
          const { name, consequence } = MEANING[dependency] ?? {
            name: dependency,
            consequence: 'the service may not work fully until it is back',
          };
          return (
            <li key={dependency}>
              {name} cannot be reached since {formatInstant(since)}: {consequence}.
            </li>
          );
        })}
      </ul>
    </div>
  );
}
