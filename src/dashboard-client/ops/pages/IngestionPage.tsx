import { formatInstant } from '../../components/format';
import { graphqlRequest } from '../../app/graphql';
import { graphql } from '../../gql';
import { FiguresAsOf, FiguresPage } from '../components/FiguresPage';
import { formatDuration, formatRate, formatSeconds } from '../components/figures';
import { MinuteFigures, type MinuteLine } from '../components/MinuteFigures';

const INGESTION_QUERY = graphql(`
  query OpsIngestion {
    opsIngestion {
      asOf
      poller {
        state
        reason
        leaseHolder
        instances
      }
      credentials {
        label
        requestsPerMinute
        budgetPerMinute
        rateLimitedLastHour
        tokenExpiresAt
      }
      coverage {
        idsAsked
        idsFound
        idsGivenUp
        idsDropped
        itemsHanded
        percent
      }
      walkBehind {
        kind
        ids
        lagSeconds
      }
      lag {
        alerts
        p50Seconds
        p95Seconds
      }
      series {
        minute
        itemsPerSecond
        alertsPerSecond
      }
      rechecks {
        waiting
        checkedLastHour
        alertsLastHour
        requestsLastHour
        percentOfRequests
      }
      stages {
        stage
        count
        p50Seconds
        p95Seconds
      }
    }
  }
`);

const POLLER_STATE: Record<string, string> = { on: 'On', waiting: 'Waiting', off: 'Off' };

/** The stage clocks' names in words, in the order an item passes them. */
const STAGE_NAMES: Record<string, string> = {
  created_to_asked: 'Created → first asked',
  asked_to_answered: 'Asked → answered',
  answered_to_handed: 'Answered → handed to the pipeline',
  handed_to_stored: 'Matched and stored',
  stored_to_claimed: 'Stored → claimed for delivery',
  claimed_to_sent: 'Claimed → sent',
};

type Ingestion = Awaited<ReturnType<typeof fetchIngestion>>['opsIngestion'];

const fetchIngestion = () => graphqlRequest(INGESTION_QUERY);

const THROUGHPUT_LINES: MinuteLine<Ingestion['series'][number]>[] = [
  {
    label: 'Items/s',
    colour: '#1d4ed8',
    value: (minute) => minute.itemsPerSecond,
    format: formatRate,
  },
  {
    label: 'Alerts/s',
    colour: '#b45309',
    value: (minute) => minute.alertsPerSecond,
    format: formatRate,
    dashed: true,
  },
];

export function IngestionPage() {
  return (
    <FiguresPage title="Ingestion" fetch={fetchIngestion}>
      {(figures) => <IngestionFigures figures={figures.opsIngestion} />}
    </FiguresPage>
  );
}

function IngestionFigures({ figures }: { figures: Ingestion }) {
  const { poller, credentials, coverage, walkBehind, lag, rechecks, stages, asOf } = figures;
  return (
    <>
      <FiguresAsOf asOf={asOf} />
      <section className="card" aria-labelledby="poller">
        <h2 id="poller">Poller</h2>
        <dl className="facts">
          <dt>State</dt>
          <dd>{POLLER_STATE[poller.state] ?? poller.state}</dd>
          <dt>Why</dt>
          <dd>{poller.reason}</dd>
          <dt>Poll lease held by</dt>
          <dd>{poller.leaseHolder ?? 'nobody'}</dd>
          <dt>Instances with background jobs</dt>
          <dd>{poller.instances.length === 0 ? 'none' : poller.instances.join(', ')}</dd>
          {walkBehind.map((walk) => (
            <Walk key={walk.kind} {...walk} />
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="credentials">
        <h2 id="credentials">Reddit credentials</h2>
        {credentials.length === 0 ? (
          <p className="empty">No credential has been used lately.</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Credential</th>
                  <th scope="col">Requests in the last minute</th>
                  <th scope="col">Budget per minute</th>
                  <th scope="col">429s (last hour)</th>
                  <th scope="col">Token expires</th>
                </tr>
              </thead>
              <tbody>
                {credentials.map((credential) => (
                  <tr key={credential.label}>
                    <th scope="row">{credential.label}</th>
                    <td>{credential.requestsPerMinute}</td>
                    <td>{credential.budgetPerMinute ?? '—'}</td>
                    <td>{credential.rateLimitedLastHour}</td>
                    <td>{formatInstant(credential.tokenExpiresAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="coverage">
        <h2 id="coverage">Coverage and lag, last hour</h2>
        <dl className="facts">
          <dt>Coverage</dt>
          <dd>{coverage.percent === null ? '—' : `${coverage.percent.toFixed(2)} %`}</dd>
          <dt>Items handed to the pipeline</dt>
          <dd>{coverage.itemsHanded}</dd>
          <dt>Ids asked</dt>
          <dd>{coverage.idsAsked}</dd>
          <dt>Ids found</dt>
          <dd>{coverage.idsFound}</dd>
          <dt>Ids given up</dt>
          <dd>{coverage.idsGivenUp}</dd>
          <dt>Ids dropped unasked</dt>
          <dd>{coverage.idsDropped}</dd>
          <dt>Lag to stored alert, p50</dt>
          <dd>{formatSeconds(lag.p50Seconds)}</dd>
          <dt>Lag to stored alert, p95</dt>
          <dd>{formatSeconds(lag.p95Seconds)}</dd>
          <dt>Alerts stored</dt>
          <dd>{lag.alerts}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="stages">
        <h2 id="stages">Where the seconds go, last hour</h2>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Stage</th>
                <th scope="col">p50</th>
                <th scope="col">p95</th>
                <th scope="col">Timed</th>
              </tr>
            </thead>
            <tbody>
              {stages.map((stage) => (
                <tr key={stage.stage}>
                  <th scope="row">{STAGE_NAMES[stage.stage] ?? stage.stage}</th>
                  <td>{formatDuration(stage.p50Seconds)}</td>
                  <td>{formatDuration(stage.p95Seconds)}</td>
                  <td>{stage.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card" aria-labelledby="rechecks">
        <h2 id="rechecks">Re-checks of score and comments, last hour</h2>
        <dl className="facts">
          <dt>Waiting for +1 h or +6 h</dt>
          <dd>{rechecks.waiting}</dd>
          <dt>Re-checks done</dt>
          <dd>{rechecks.checkedLastHour}</dd>
          <dt>Alerts they stored</dt>
          <dd>{rechecks.alertsLastHour}</dd>
          <dt>/api/info requests they cost</dt>
          <dd>
            {rechecks.requestsLastHour}
            {rechecks.percentOfRequests === null
              ? ''
              : ` (${rechecks.percentOfRequests.toFixed(1)} % of all requests)`}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="throughput">
        <h2 id="throughput">Items and alerts per second, last 24 hours</h2>
        <MinuteFigures
          series={figures.series}
          lines={THROUGHPUT_LINES}
          axis="Per second"
          label="Items and alerts per second, a point per minute over 24 hours"
          caption="Minutes with items or alerts, newest first (the others had none)"
        />
      </section>
    </>
  );
}

function Walk({ kind, ids, lagSeconds }: { kind: string; ids: number; lagSeconds: number }) {
  return (
    <>
      <dt>Walk behind ({kind})</dt>
      <dd>
        {ids} ids, oldest {formatSeconds(lagSeconds)}
      </dd>
    </>
  );
}
