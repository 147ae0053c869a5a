/**
 * The attendee's Q&A (issue 32), a part of the attendee's session (attendeeSession.ts): reads the
 * questions this attendee may see, follows the socket's `qna` frames, asks and upvotes. A refusal
 * comes back with its reason for the page to show (the typed question stays); past the rate limit
 * a countdown runs until the attendee may ask again.
 */
import type { AttendeeClient } from '../../api/attendee';
import { apiErrorMessage, isApiError } from '../../api/http';
import type { AudienceQnaEvent } from '../../lib/audienceContract';
import type { Clock } from '../../lib/clock';
import { log } from '../../log';
import type { Frame } from '../../realtime/socket';
import { attendeeActions, useAttendeeStore } from '../../state/attendee/attendeeStore';
import { RATE_LIMIT_TICK_MS } from '../../state/chat/limits';
import { isRecord } from '../../../compositor/model/json';

/** Asked; or refused past the rate limit (the countdown says when to ask again); or refused for this reason. */
export type AskOutcome = { asked: true; published: boolean } | { asked: false; limited: true } | { asked: false; limited: false; reason: string };

const KINDS = new Set(['add', 'update', 'delete', 'upvote', 'answer']);
/** A `qna` frame's event, when it is one (the server's shape; the list rules take it from there). */
const asQnaEvent = (v: unknown): AudienceQnaEvent | null => (isRecord(v) && typeof v.type === 'string' && KINDS.has(v.type) && (isRecord(v.question) || typeof v.id === 'string') ? (v as unknown as AudienceQnaEvent) : null);

export interface AttendeeQna {
  load(): Promise<void>;
  /** Takes the socket's `qna` frames; false for any other frame. */
  onFrame(frame: Frame): boolean;
  ask(content: string, anonymous: boolean): Promise<AskOutcome>;
  /** Null once upvoted, else the reason it was not (the list is read again). */
  upvote(id: string): Promise<string | null>;
  stop(): void;
}

export function attendeeQna({ client, clock, removed, isStopped }: { client: AttendeeClient; clock: Clock; removed(): void; isStopped(): boolean }): AttendeeQna {
  let countdown: unknown = null;
  const set = useAttendeeStore.setState;

  function limitFor(seconds: number): void {
    set({ askRetryAfter: Math.ceil(seconds) });
    clock.clearTimeout(countdown);
    const tick = () => {
      const left = useAttendeeStore.getState().askRetryAfter - 1;
      set({ askRetryAfter: Math.max(0, left) });
      if (left > 0) countdown = clock.setTimeout(tick, RATE_LIMIT_TICK_MS);
    };
    countdown = clock.setTimeout(tick, RATE_LIMIT_TICK_MS);
  }

  const load = () =>
    client.questions().then(
      ({ questions }) => void (!isStopped() && attendeeActions.loadQuestions(Array.isArray(questions) ? questions : [])),
      (error: unknown) => log.warn('audience', `the questions could not be read: ${apiErrorMessage(error)}`),
    );

  /** A refusal's reason, after what it means for the page (a removal ends the session). */
  const refusal = (error: unknown, what: string): string => {
    if (isApiError(error) && error.code === 'ATTENDEE_REMOVED') removed();
    log.warn('audience', `${what}: ${apiErrorMessage(error)}`);
    return apiErrorMessage(error);
  };

  return {
    load,
    onFrame(frame) {
      if (frame.type !== 'qna') return false;
      const event = asQnaEvent(frame.qna);
      if (event) attendeeActions.applyQna(event);
      return true;
    },
    async ask(content, anonymous) {
      try {
        const { question } = await client.ask(content, anonymous);
        attendeeActions.applyQna({ type: 'add', question });
        return { asked: true, published: question.status === 'ACTIVE' };
      } catch (error) {
        if (isApiError(error) && error.status === 429 && error.retryAfter) {
          limitFor(error.retryAfter);
          return { asked: false, limited: true };
        }
        return { asked: false, limited: false, reason: refusal(error, 'question not asked') };
      }
    },
    async upvote(id) {
      try {
        const { question } = await client.upvote(id);
        attendeeActions.applyQna({ type: 'update', question });
        return null;
      } catch (error) {
        const reason = refusal(error, 'upvote not taken');
        await load();
        return reason;
      }
    },
    stop() {
      clock.clearTimeout(countdown);
    },
  };
}
