/**
 * The simulated audience of the demo: attendees vote while a poll is live, ask questions and
 * upvote them. It plays the part of the event socket, writing the same changes the socket would
 * into the poll and Q&A stores, so the panels cannot tell it from a real audience. Seeded, and run
 * on an injectable timer so tests drive it with fake timers.
 */
import { activePoll } from '../../state/polls/rules';
import { usePollStore } from '../../state/polls/pollStore';
import type { Poll } from '../../state/polls/types';
import { useQnaStore } from '../../state/qna/qnaStore';
import { AUDIENCE_QUESTIONS } from './pollsQnaData';
import { createRandom, type Random } from './pollsQnaRandom';
import { realTimer, type DemoTimer } from './pollsQnaTimer';
import { createRepeater } from './repeater';

export interface SimulationPace {
  /** Time between votes while a poll is live: a few per second. */
  voteEveryMs: readonly [number, number];
  /** Votes that arrive together (people answering at the same moment). */
  votesPerTick: readonly [number, number];
  /** Time between new questions. */
  questionEveryMs: readonly [number, number];
  /** Time between upvotes of existing questions. */
  upvoteEveryMs: readonly [number, number];
  /** Share of questions asked anonymously. */
  anonymousShare: number;
  /** How strongly attendees favour the leading options: option k (in a seeded order) weighs skew^k. */
  skew: number;
}

export const SIMULATION_PACE: SimulationPace = {
  voteEveryMs: [250, 700],
  votesPerTick: [1, 2],
  questionEveryMs: [20_000, 40_000],
  upvoteEveryMs: [3_000, 8_000],
  anonymousShare: 0.2,
  skew: 0.55,
};

export const ANONYMOUS_NAME = 'Anonymous';

export interface PollsQnaSimulationOptions {
  seed: number;
  now?: () => number;
  schedule?: DemoTimer;
  /** With Q&A auto-approve on, new questions arrive published. */
  autoApprove?: boolean;
  pace?: Partial<SimulationPace>;
}

/** Seeded option weights per poll, so one or two options lead as in a real audience. */
function weightsFor(poll: Poll, random: Random, skew: number): number[] {
  const ranks = random.shuffle(poll.options.map((_, i) => i));
  const weights = new Array<number>(poll.options.length).fill(0);
  ranks.forEach((optionIndex, rank) => (weights[optionIndex] = skew ** rank));
  return weights;
}

function pickWeighted(weights: readonly number[], random: Random): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i] ?? 0;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** Starts the audience; the returned function stops it. */
export function startPollsQnaSimulation({ seed, now = Date.now, schedule = realTimer, autoApprove = false, pace: paceOverride }: PollsQnaSimulationOptions): () => void {
  const pace = { ...SIMULATION_PACE, ...paceOverride };
  const random = createRandom(seed);
  const weights = new Map<string, number[]>();
  const questionOrder = random.shuffle(AUDIENCE_QUESTIONS);
  let questionSeq = 0;

  const { every, stop } = createRepeater(schedule, random);

  every(pace.voteEveryMs, () => {
    const poll = activePoll(usePollStore.getState().polls);
    if (!poll || poll.options.length === 0) return;
    let w = weights.get(poll.pollGuid);
    if (!w || w.length !== poll.options.length) {
      w = weightsFor(poll, random, pace.skew);
      weights.set(poll.pollGuid, w);
    }
    const votes = Math.round(random.between(pace.votesPerTick[0], pace.votesPerTick[1]));
    for (let v = 0; v < votes; v++) {
      const option = poll.options[pickWeighted(w, random)];
      if (option) usePollStore.getState().recordVote(poll.pollGuid, option.optionNumber);
    }
  });

  every(pace.questionEveryMs, () => {
    const asked = questionOrder[questionSeq % questionOrder.length];
    if (!asked) return;
    questionSeq += 1;
    const anonymous = random.chance(pace.anonymousShare);
    useQnaStore.getState().applyEvent({
      type: 'add',
      question: {
        id: `sim-q-${seed}-${questionSeq}`,
        content: asked.content,
        status: autoApprove ? 'ACTIVE' : 'ASKED',
        anonymous,
        initiator: { name: anonymous ? ANONYMOUS_NAME : asked.name },
        timestamp: now(),
        upvoteCount: 0,
        answerCount: 0,
        replyCount: 0,
        answers: [],
      },
    });
  });

  every(pace.upvoteEveryMs, () => {
    const open = useQnaStore.getState().questions.filter((q) => q.status !== 'DECLINED');
    const target = random.pick(open);
    if (target) useQnaStore.getState().applyEvent({ type: 'upvote', id: target.id, upvoteCount: target.upvoteCount + 1 });
  });

  return stop;
}
