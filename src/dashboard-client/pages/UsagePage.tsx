import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Page } from '../components/Page';
import { ScrollTable } from '../components/ScrollTable';
import { UsageChart } from '../components/UsageChart';
import { graphql } from '../gql';
import { graphqlRequest } from '../app/graphql';

const USAGE_QUERY = graphql(`
  query Usage {
    usage {
      day
      plan
      status
      deliveredToday
      cappedToday
      keywordsUsed
      keywordLimit
      perKeywordDailyCap
      historyDays
      rateLimitPerMinute
      today {
        keywordId
        text
        active
        delivered
        capped
        capReached
      }
    }
    usageHistory(days: 30) {
      date
      delivered
      capped
    }
  }
`);

const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

export function UsagePage() {
  const usage = useQuery({ queryKey: ['usage'], queryFn: () => graphqlRequest(USAGE_QUERY) });
  if (usage.isPending) {
    return (
      <Page title="Usage">
        <p className="loading">Loading…</p>
      </Page>
    );
  }
  if (usage.isError) {
    return (
      <Page title="Usage">
        <ErrorNotice error={usage.error} />
      </Page>
    );
  }
  const { usage: today, usageHistory: days } = usage.data;
  const delivered = sum(days.map((day) => day.delivered));
  const capped = sum(days.map((day) => day.capped));
  return (
    <Page title="Usage">
      <section aria-labelledby="usage-days">
        <h2 id="usage-days">Last 30 days</h2>
        <UsageChart
          days={days}
          label={`Matches per day over 30 days: ${delivered} delivered, ${capped} capped`}
        />
        <details>
          <summary>The same numbers as a table</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Delivered</th>
                <th scope="col">Capped</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <td>{day.date}</td>
                  <td>{day.delivered}</td>
                  <td>{day.capped}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>
      <section aria-labelledby="usage-today">
        <h2 id="usage-today">Today ({today.day}, UTC)</h2>
        <p>
          {today.deliveredToday} delivered, {today.cappedToday} held back by the daily cap of{' '}
          {today.perKeywordDailyCap} per keyword.
        </p>
        {today.today.length === 0 ? (
          <EmptyState
            purpose="No keywords yet. Usage counts each keyword's matches per UTC day against the plan's daily cap."
            action={{ label: 'Add keywords', href: '/keywords' }}
          />
        ) : (
          <ScrollTable
            label="Today per keyword"
            columns={['Keyword', 'Delivered', 'Capped', 'Cap reached', 'Status']}
          >
            {today.today.map((row) => (
              <tr key={row.keywordId}>
                <th scope="row">{row.text}</th>
                <td>{row.delivered}</td>
                <td>{row.capped}</td>
                <td>{row.capReached ? 'yes' : 'no'}</td>
                <td>{row.active ? 'Active' : 'Paused'}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </section>
      <section aria-labelledby="usage-plan">
        <h2 id="usage-plan">Plan limits</h2>
        <dl className="facts">
          <dt>Plan</dt>
          <dd>
            {today.plan} ({today.status})
          </dd>
          <dt>Active keywords</dt>
          <dd>
            {today.keywordsUsed} of {today.keywordLimit}
          </dd>
          <dt>Matches per keyword per UTC day</dt>
          <dd>{today.perKeywordDailyCap}</dd>
          <dt>History kept</dt>
          <dd>{today.historyDays} days</dd>
          <dt>Reads per minute per key</dt>
          <dd>{today.rateLimitPerMinute}</dd>
        </dl>
      </section>
    </Page>
  );
}
