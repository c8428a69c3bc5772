import { Link } from 'wouter';
import { formatInstant } from '../../components/format';
import { graphqlRequest } from '../../app/graphql';
import { graphql } from '../../gql';
import { FiguresAsOf, FiguresPage } from '../components/FiguresPage';
import { formatSeconds } from '../components/figures';
import { MinuteFigures, type MinuteLine } from '../components/MinuteFigures';

const DELIVERY_QUERY = graphql(`
  query OpsDelivery {
    opsDelivery {
      asOf
      outbox {
        depth
        oldestPendingAgeSeconds
      }
      slots {
        peakInUse
        capacity
        instances
      }
      attemptsLastHour {
        succeeded
        failed
      }
      failingWebhooks {
        webhookId
        accountId
        host
        consecutiveFailures
        lastError
        lastDeliveryAt
      }
      series {
        minute
        succeeded
        failed
      }
    }
  }
`);

type Delivery = Awaited<ReturnType<typeof fetchDelivery>>['opsDelivery'];

const fetchDelivery = () => graphqlRequest(DELIVERY_QUERY);

const ATTEMPT_LINES: MinuteLine<Delivery['series'][number]>[] = [
  { label: 'Succeeded', colour: '#15803d', value: (minute) => minute.succeeded },
  { label: 'Failed', colour: '#b91c1c', value: (minute) => minute.failed, dashed: true },
];

export function DeliveryPage() {
  return (
    <FiguresPage title="Delivery" fetch={fetchDelivery}>
      {(figures) => <DeliveryFigures figures={figures.opsDelivery} />}
    </FiguresPage>
  );
}

function DeliveryFigures({ figures }: { figures: Delivery }) {
  const { outbox, slots, attemptsLastHour, failingWebhooks, asOf } = figures;
  return (
    <>
      <FiguresAsOf asOf={asOf} />
      <section className="card" aria-labelledby="outbox">
        <h2 id="outbox">Outbox</h2>
        <dl className="facts">
          <dt>Deliveries waiting or in flight</dt>
          <dd>{outbox.depth}</dd>
          <dt>Oldest waiting for</dt>
          <dd>{formatSeconds(outbox.oldestPendingAgeSeconds)}</dd>
          <dt>Slot use (latest minute)</dt>
          <dd>
            at most {slots.peakInUse} of {slots.capacity} in flight, over {slots.instances}{' '}
            {slots.instances === 1 ? 'instance' : 'instances'}
          </dd>
          <dt>Attempts, last hour</dt>
          <dd>
            {attemptsLastHour.succeeded} succeeded, {attemptsLastHour.failed} failed
          </dd>
        </dl>
      </section>
      <section aria-labelledby="attempts">
        <h2 id="attempts">Attempts per minute, last 24 hours</h2>
        <MinuteFigures
          series={figures.series}
          lines={ATTEMPT_LINES}
          axis="Attempts"
          label="Delivery attempts per minute over 24 hours, succeeded and failed"
          caption="Minutes with attempts, newest first (the others had none)"
        />
      </section>
      <section className="card" aria-labelledby="failing">
        <h2 id="failing">Webhooks failing now</h2>
        {failingWebhooks.length === 0 ? (
          <p className="empty">No webhook is failing.</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Host</th>
                  <th scope="col">Consecutive failures</th>
                  <th scope="col">Last error</th>
                  <th scope="col">Last attempt</th>
                </tr>
              </thead>
              <tbody>
                {failingWebhooks.map((webhook) => (
                  <tr key={webhook.webhookId}>
                    <th scope="row">
                      <Link href={`/accounts/${webhook.accountId}`}>{webhook.accountId}</Link>
                    </th>
                    <td>{webhook.host}</td>
                    <td>{webhook.consecutiveFailures}</td>
                    <td>{webhook.lastError ?? '—'}</td>
                    <td>{formatInstant(webhook.lastDeliveryAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
