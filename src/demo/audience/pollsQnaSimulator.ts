/**
 * The simulated audience of the demo: attendees vote while a poll is live, ask questions and
 * upvote them. It plays the part of the event socket, emitting the events the socket would (POLL
 * updates with the results, Event_QnA add and upvote), so the panels cannot tell it from a real
 * audience. Seeded, and run on an injectable timer so tests drive it with fake timers.
 */
import { ANONYMOUS } from '../../lib/audienceQna';
import { alignResults } from '../../state/polls/rules';
import type { Poll } from '../../state/polls/types';
import type { Question } from '../../state/qna/types';
import type { Dispatch } from '../../state/realtimeEvent';
import { AUDIENCE_QUESTIONS } from './pollsQnaData';
import { createRandom, type Random } from '../../lib/random';
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

/** The simulated audience's anonymous asker: the server's name for one. */
export const ANONYMOUS_NAME = ANONYMOUS;

/** The demo audience's seed: the same questions in the same order on every visit. */
export const DEMO_AUDIENCE_SEED = 20_240_601;

/** What the audience sees of the event, and where what it does goes. */
export interface PollsQnaAudience {
  /** The poll now live, if any. */
  activePoll(): Poll | undefined;
  questions(): readonly Question[];
  emit: Dispatch;
}

export interface PollsQnaSimulationOptions {
  seed: number;
  audience: PollsQnaAudience;
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
export function startPollsQnaSimulation({ seed, audience, now = Date.now, schedule = realTimer, autoApprove = false, pace: paceOverride }: PollsQnaSimulationOptions): () => void {
  const pace = { ...SIMULATION_PACE, ...paceOverride };
  const random = createRandom(seed);
  const weights = new Map<string, number[]>();
  const questionOrder = random.shuffle(AUDIENCE_QUESTIONS);
  let questionSeq = 0;

  const { every, stop } = createRepeater(schedule, random);

  every(pace.voteEveryMs, () => {
    const poll = audience.activePoll();
    if (!poll || poll.options.length === 0) return;
    let w = weights.get(poll.pollGuid);
    if (!w || w.length !== poll.options.length) {
      w = weightsFor(poll, random, pace.skew);
      weights.set(poll.pollGuid, w);
    }
    const votes = Math.round(random.between(pace.votesPerTick[0], pace.votesPerTick[1]));
    const results = alignResults(poll);
    for (let v = 0; v < votes; v++) results[pickWeighted(w, random)]!.votes += 1;
    audience.emit({ type: 'POLL', notificationType: 'UPDATE', pollData: { pollGuid: poll.pollGuid, results } });
  });

  every(pace.questionEveryMs, () => {
    const asked = questionOrder[questionSeq % questionOrder.length];
    if (!asked) return;
    questionSeq += 1;
    const anonymous = random.chance(pace.anonymousShare);
    audience.emit({
      type: 'Event_QnA',
      qna: {
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
      },
    });
  });

  every(pace.upvoteEveryMs, () => {
    const open = audience.questions().filter((q) => q.status !== 'DECLINED');
    const target = random.pick(open);
    if (target) audience.emit({ type: 'Event_QnA', qna: { type: 'upvote', id: target.id, upvoteCount: target.upvoteCount + 1 } });
  });

  return stop;
}
