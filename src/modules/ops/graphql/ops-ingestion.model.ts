import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { IngestionFigures } from '../figures/ingestion-figures.service.js';

@ObjectType('OpsPoller')
export class OpsPollerModel {
  @Field({
    description:
      '`on` (an instance polls), `waiting` (credentials set, nobody holds the lease) or `off`.',
  })
  state: string;

  @Field({ description: 'Why, in words.' })
  reason: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The instance (host:pid:suffix) that held the poll lease in the latest minute sampled.',
  })
  leaseHolder: string | null;

  @Field(() => [String], {
    description: 'Instances running background jobs that wrote figures in the last 3 minutes.',
  })
  instances: string[];
}

@ObjectType('OpsCredential')
export class OpsCredentialModel {
  @Field({ description: 'Its position and the first 4 characters of its client id.' })
  label: string;

  @Field(() => Int, { description: 'Requests sent in the latest minute sampled.' })
  requestsPerMinute: number;

  @Field(() => Int, { nullable: true, description: 'Requests a minute the pacer allows it.' })
  budgetPerMinute: number | null;

  @Field(() => Int, { description: 'Answers 429 over the last hour.' })
  rateLimitedLastHour: number;

  @Field(() => String, { nullable: true, description: 'When its access token expires (ISO 8601).' })
  tokenExpiresAt: string | null;
}

@ObjectType('OpsCoverage', { description: 'What the id walk did over the last hour.' })
export class OpsCoverageModel {
  @Field(() => Int, {
    description: 'Ids sent to /api/info by the walk (second asks and backfill included).',
  })
  idsAsked: number;

  @Field(() => Int, { description: 'Items the walk found on /api/info.' })
  idsFound: number;

  @Field(() => Int, { description: 'Ids absent at two asks 30 s apart: taken for never visible.' })
  idsGivenUp: number;

  @Field(() => Int, { description: 'Ids given up unasked (backlog over its limit).' })
  idsDropped: number;

  @Field(() => Int, { description: 'Items handed to the pipeline, from listings and the walk.' })
  itemsHanded: number;

  @Field(() => Float, {
    nullable: true,
    description:
      'Percent of visible items handed to the pipeline: handed / (handed + dropped × found / (found + given up)).',
  })
  percent: number | null;
}

@ObjectType('OpsWalkBehind')
export class OpsWalkBehindModel {
  @Field()
  kind: string;

  @Field(() => Int, { description: 'Ids not asked yet, up to the newest known.' })
  ids: number;

  @Field(() => Float, { description: 'Age of the oldest id not asked yet.' })
  lagSeconds: number;
}

@ObjectType('OpsLag', { description: "From Reddit's created_utc to the alert stored, last hour." })
export class OpsLagModel {
  @Field(() => Int)
  alerts: number;

  @Field(() => Float, { nullable: true })
  p50Seconds: number | null;

  @Field(() => Float, { nullable: true })
  p95Seconds: number | null;
}

@ObjectType('OpsIngestionMinute')
export class OpsIngestionMinuteModel {
  @Field({ description: 'Start of the minute (ISO 8601).' })
  minute: string;

  @Field(() => Float)
  itemsPerSecond: number;

  @Field(() => Float)
  alertsPerSecond: number;
}

@ObjectType('OpsRechecks', {
  description:
    'Re-checks of score: and comments: clauses at +1 h and +6 h, and the /api/info requests they cost.',
})
export class OpsRechecksModel {
  @Field(() => Int, { description: 'Keyword × item re-checks waiting, due or not.' })
  waiting: number;

  @Field(() => Int, { description: 'Keyword × item re-checks done over the last hour.' })
  checkedLastHour: number;

  @Field(() => Int, { description: 'Alerts they stored over the last hour.' })
  alertsLastHour: number;

  @Field(() => Int, { description: '/api/info requests they sent over the last hour.' })
  requestsLastHour: number;

  @Field(() => Float, {
    nullable: true,
    description: "Percent of the credentials' requests over the last hour (at most 10).",
  })
  percentOfRequests: number | null;
}

@ObjectType('OpsPipelineStage', {
  description:
    "One stage of an item's way from Reddit to a receiver over the last hour (docs/ingestion.md, Where the seconds go).",
})
export class OpsPipelineStageModel {
  @Field({
    description:
      'created_to_asked, asked_to_answered, answered_to_handed, handed_to_stored, stored_to_claimed or claimed_to_sent.',
  })
  stage: string;

  @Field(() => Int, { description: 'Items (deliveries for the last two stages) timed.' })
  count: number;

  @Field(() => Float, { nullable: true, description: 'Interpolated within its histogram bucket.' })
  p50Seconds: number | null;

  @Field(() => Float, { nullable: true, description: 'Interpolated within its histogram bucket.' })
  p95Seconds: number | null;
}

@ObjectType('OpsIngestion', {
  description: "The console's Ingestion page: the same on every instance.",
})
export class OpsIngestionModel {
  @Field({ description: 'End of the latest complete minute; hour and day windows end here.' })
  asOf: string;

  @Field(() => OpsPollerModel)
  poller: OpsPollerModel;

  @Field(() => [OpsCredentialModel])
  credentials: OpsCredentialModel[];

  @Field(() => OpsCoverageModel)
  coverage: OpsCoverageModel;

  @Field(() => [OpsWalkBehindModel])
  walkBehind: OpsWalkBehindModel[];

  @Field(() => OpsLagModel)
  lag: OpsLagModel;

  @Field(() => [OpsIngestionMinuteModel], { description: 'The last 24 hours, a minute each.' })
  series: OpsIngestionMinuteModel[];

  @Field(() => OpsRechecksModel)
  rechecks: OpsRechecksModel;

  @Field(() => [OpsPipelineStageModel], {
    description: 'Where the seconds go, stage by stage, in the order an item passes them.',
  })
  stages: OpsPipelineStageModel[];
}

const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);

export function toOpsIngestionModel(figures: IngestionFigures): OpsIngestionModel {
  return {
    asOf: isoWithMillis(figures.asOf),
    poller: { ...figures.poller, instances: figures.instances },
    credentials: figures.credentials.map((credential) => ({
      ...credential,
      tokenExpiresAt:
        credential.tokenExpiresAt === null ? null : isoWithMillis(credential.tokenExpiresAt),
    })),
    coverage: figures.coverage,
    walkBehind: figures.walkBehind,
    lag: {
      alerts: figures.lag.alerts,
      p50Seconds: seconds(figures.lag.p50Ms),
      p95Seconds: seconds(figures.lag.p95Ms),
    },
    series: figures.series.map((minute) => ({ ...minute, minute: isoWithMillis(minute.minute) })),
    rechecks: figures.rechecks,
    stages: figures.stages.map(({ stage, count, p50Ms, p95Ms }) => ({
      stage,
      count,
      p50Seconds: seconds(p50Ms),
      p95Seconds: seconds(p95Ms),
    })),
  };
}
