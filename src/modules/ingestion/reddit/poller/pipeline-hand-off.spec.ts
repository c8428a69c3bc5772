import { FixedClock } from '../../../../common/time/clock.js';
import type { RedditComment, RedditItem, RedditPost } from '../../reddit-item.js';
import type { PollerState, PollerStateStore } from '../poller-state.js';
import { emptyPollerState } from '../poller-state.js';
import type { PipelineStage, StageClock } from '../../../metrics/pipeline-stages.js';
import { ItemTimings } from './item-timings.js';
import { PipelineHandOff } from './pipeline-hand-off.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);

/** Records, in one log, what reached the pipeline and which states were stored. */
class Recorder implements PollerStateStore {
  readonly log: string[] = [];
  failNextBatch = false;
  private gate: Promise<void> | null = null;

  /** Makes the next batch wait until the returned function is called. */
  holdNextBatch(): () => void {
    let finish = () => {};
    this.gate = new Promise<void>((resolve) => (finish = resolve));
    return finish;
  }

  /** How long each batch takes the pipeline, on the test's clock. */
  pipelineMs = 0;

  constructor(private readonly clock: FixedClock) {}

  readonly pipeline = {
    process: async (items: RedditItem[]) => {
      this.clock.advance(this.pipelineMs);
      const gate = this.gate;
      this.gate = null;
      if (gate !== null) await gate;
      if (this.failNextBatch) {
        this.failNextBatch = false;
        throw new Error('pipeline down');
      }
      this.log.push(`items ${items.map((item) => item.id).join(',')}`);
    },
  };

  load(): Promise<PollerState> {
    return Promise.resolve(emptyPollerState());
  }

  save(state: PollerState): Promise<void> {
    this.log.push(`state ${state.coverage.itemsSeen}`);
    return Promise.resolve();
  }
}

class RecordingStageClock implements StageClock {
  readonly observed: [PipelineStage, number][] = [];

  observe(stage: PipelineStage, ms: number): void {
    this.observed.push([stage, ms]);
  }
}

const post = (id: string) => ({ type: 'post', id }) as RedditPost;
const comment = (id: string) => ({ type: 'comment', id }) as RedditComment;

function stateAfter(itemsSeen: number): PollerState {
  const state = emptyPollerState();
  state.coverage.itemsSeen = itemsSeen;
  return state;
}

describe('PipelineHandOff', () => {
  let clock: FixedClock;
  let recorder: Recorder;
  let stages: RecordingStageClock;
  let timings: ItemTimings;
  let handOff: PipelineHandOff;

  beforeEach(() => {
    clock = new FixedClock(new Date(T0));
    recorder = new Recorder(clock);
    stages = new RecordingStageClock();
    timings = new ItemTimings(stages);
    handOff = new PipelineHandOff(recorder.pipeline, recorder, clock, timings);
  });

  it('times each item from its answer to the pipeline, and the pipeline to the commit', async () => {
    const created = { ...post('a'), createdUtc: T0 / 1_000 - 3 };
    timings.answered([created], () => T0 - 400, T0);
    clock.advance(120);
    recorder.pipelineMs = 35;
    handOff.enqueue({ posts: [created], comments: [] }, stateAfter(1), true);
    await handOff.settled();

    expect(stages.observed).toEqual([
      ['created_to_asked', 2_100],
      ['asked_to_answered', 400],
      ['answered_to_handed', 120],
      ['handed_to_stored', 35],
    ]);
  });

  it('hands posts first, each kind by id, then stores the state that moved past them', async () => {
    handOff.enqueue(
      { posts: [post('z'), post('b')], comments: [comment('c'), comment('a')] },
      stateAfter(4),
      true,
    );
    await handOff.settled();

    expect(recorder.log).toEqual(['items b,z,a,c', 'state 4']);
    expect(handOff.lastProgressAt).toBe(T0);
  });

  it('stores the state without calling the pipeline when there is nothing to hand over', async () => {
    handOff.enqueue({ posts: [], comments: [] }, stateAfter(0), true);
    await handOff.settled();

    expect(recorder.log).toEqual(['state 0']);
  });

  it('counts only a stored hand-off that followed a Reddit answer as progress', async () => {
    handOff.enqueue({ posts: [], comments: [] }, stateAfter(0), false);
    await handOff.settled();

    expect(handOff.lastProgressAt).toBeNull();
  });

  it('keeps hand-offs in order while the poller goes on, and is full two behind', async () => {
    const finish = recorder.holdNextBatch();
    handOff.enqueue({ posts: [post('a')], comments: [] }, stateAfter(1), true);
    expect(handOff.full).toBe(false);
    handOff.enqueue({ posts: [post('b')], comments: [] }, stateAfter(2), true);
    expect(handOff.full).toBe(true);

    const settled = handOff.settled();
    await Promise.resolve();
    expect(recorder.log).toEqual([]);

    finish();
    await settled;
    expect(recorder.log).toEqual(['items a', 'state 1', 'items b', 'state 2']);
    expect(handOff.full).toBe(false);
  });

  it('after a failure stores nothing more until the failure is taken', async () => {
    recorder.failNextBatch = true;
    handOff.enqueue({ posts: [post('a')], comments: [] }, stateAfter(1), true);
    handOff.enqueue({ posts: [post('b')], comments: [] }, stateAfter(2), true);
    await handOff.settled();

    expect(recorder.log).toEqual([]);
    expect(handOff.lastProgressAt).toBeNull();
    expect(handOff.takeFailure()).toEqual(new Error('pipeline down'));
    expect(handOff.takeFailure()).toBeNull();

    handOff.enqueue({ posts: [post('c')], comments: [] }, stateAfter(3), true);
    await handOff.settled();
    expect(recorder.log).toEqual(['items c', 'state 3']);
  });
});
