import { formatInstant } from '../../../components/format';
import { UsageChart } from '../../../components/UsageChart';
import type { Detail } from './account-detail';
import { ScrollTable } from '../../../components/ScrollTable';

export function Figures({ detail: { account } }: { detail: Detail }) {
  return (
    <dl className="facts">
      <dt>Id</dt>
      <dd>
        <code>{account.id}</code>
      </dd>
      <dt>Product</dt>
      <dd>{account.product}</dd>
      <dt>Plan</dt>
      <dd>
        {account.plan} ({account.status})
      </dd>
      <dt>Created</dt>
      <dd>{formatInstant(account.createdAt)}</dd>
      <dt>Active keywords</dt>
      <dd>
        {account.activeKeywords} of {account.keywordLimit}
      </dd>
      <dt>Today (UTC)</dt>
      <dd>
        {account.alertsToday} alerts, {account.cappedToday} capped
      </dd>
      <dt>Webhooks</dt>
      <dd>
        {account.webhooks}, {account.failingWebhooks} failing
      </dd>
    </dl>
  );
}

export function Usage({ detail }: { detail: Detail }) {
  const delivered = detail.usage.reduce((sum, day) => sum + day.delivered, 0);
  const capped = detail.usage.reduce((sum, day) => sum + day.capped, 0);
  return (
    <section aria-labelledby="account-usage">
      <h2 id="account-usage">Usage over 30 days</h2>
      <UsageChart
        days={detail.usage}
        label={`Matches per day over 30 days: ${delivered} delivered, ${capped} capped`}
      />
    </section>
  );
}

export function Keywords({ detail }: { detail: Detail }) {
  return (
    <section aria-labelledby="account-keywords">
      <h2 id="account-keywords">Keywords</h2>
      {detail.keywords.length === 0 ? (
        <p className="empty">No keywords.</p>
      ) : (
        <ScrollTable label="Keywords table" columns={['Keyword', 'Mode', 'State', 'Filters']}>
          {detail.keywords.map((keyword) => (
            <tr key={keyword.id}>
              <th scope="row">{keyword.text}</th>
              <td>{keyword.mode}</td>
              <td>{keyword.active ? 'active' : 'paused'}</td>
              <td>{filtersOf(keyword) || '—'}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

function filtersOf(keyword: Detail['keywords'][number]): string {
  return [
    ...keyword.subreddits.map((name) => `r/${name}`),
    ...keyword.excludeSubreddits.map((name) => `not r/${name}`),
    ...keyword.exclude.map((phrase) => `not “${phrase}”`),
    ...keyword.excludeAuthors.map((name) => `not u/${name}`),
  ].join(' · ');
}

export function Webhooks({ detail }: { detail: Detail }) {
  return (
    <section aria-labelledby="account-webhooks">
      <h2 id="account-webhooks">Webhooks</h2>
      {detail.webhooks.length === 0 ? (
        <p className="empty">No webhooks.</p>
      ) : (
        <ScrollTable
          label="Webhooks table"
          columns={['Name', 'Host', 'State', 'Consecutive failures', 'Last error', 'Last delivery']}
        >
          {detail.webhooks.map((webhook) => (
            <tr key={webhook.id}>
              <th scope="row">{webhook.name}</th>
              <td>{webhook.host}</td>
              <td>{webhook.active ? 'active' : 'paused'}</td>
              <td>{webhook.consecutiveFailures}</td>
              <td>{webhook.lastError ?? '—'}</td>
              <td>{formatInstant(webhook.lastDeliveryAt)}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
