/**
 * Everything the demo needs for the Poll and Q&A tools, in one call for the app shell: install the
 * demo services, load the sample polls and questions, mirror the unseen counters for the side
 * navigation, and start the simulated audience. The returned function undoes it all.
 */
import { usePollStore } from '../../state/polls/pollStore';
import { installPollService } from '../../state/polls/service';
import { useQnaStore } from '../../state/qna/qnaStore';
import { installQnaService } from '../../state/qna/service';
import { DEMO_POLLS, demoQuestions } from './pollsQnaData';
import { createDemoPollsQnaService } from './pollsQnaService';
import { startPollsQnaSimulation } from './pollsQnaSimulator';
import { realTimer, type DemoTimer } from './pollsQnaTimer';

/** The demo audience's seed: the same questions in the same order on every visit. */
export const DEMO_AUDIENCE_SEED = 20_240_601;

export interface PollsQnaDemoOptions {
  seed?: number;
  now?: () => number;
  schedule?: DemoTimer;
  autoApprove?: boolean;
}

export function startPollsQnaDemo({ seed = DEMO_AUDIENCE_SEED, now = Date.now, schedule = realTimer, autoApprove = false }: PollsQnaDemoOptions = {}): () => void {
  const services = createDemoPollsQnaService({ schedule, now });
  installPollService(services.polls);
  installQnaService(services.qna);
  usePollStore.getState().setPolls(DEMO_POLLS);
  useQnaStore.getState().setQuestions(demoQuestions(now()));
  const stops = [startPollsQnaSimulation({ seed, now, schedule, autoApprove })];
  return () => {
    for (const stop of stops) stop();
    installPollService(null);
    installQnaService(null);
  };
}
