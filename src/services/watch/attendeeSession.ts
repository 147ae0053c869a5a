/**
 * The attendee's side of an event (issue 32): reads where this browser stands (a session cookie it
 * never sees), joins and leaves, reads and sends chat, and follows the attendee's socket (chat,
 * deletions, the rate limit, a removal). A failed call keeps what the page shows and what was typed.
 * Returns the controls and the stop.
 */
import { attendeeClient, type AttendeeClient } from '../../api/attendee';
import type { AttendeeChatTarget, AudienceSettings } from '../../lib/audienceContract';
import { isRecord } from '../../../compositor/model/json';
import { apiErrorMessage, isApiError } from '../../api/http';
import { realClock, type Clock } from '../../lib/clock';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED } from '../../lib/socketClose';
import { log } from '../../log';
import { openSocket, socketUrl, type Frame, type SocketOptions } from '../../realtime/socket';
import { attendeeActions, initialAttendeeState, useAttendeeStore, type AudienceTab } from '../../state/attendee/attendeeStore';
import { RATE_LIMIT_TICK_MS } from '../../state/chat/limits';
import type { ChatMessageInput } from '../../state/chat/types';
import { attendeeQna, type AskOutcome } from './attendeeQna';

const NOT_FOUND = 404;

export interface AttendeeSession {
  join(form: { name: string; email?: string }): Promise<void>;
  leave(): Promise<void>;
  /** Sends a message; false when it was not sent (the caller gives the text back). */
  send(text: string, to: AttendeeChatTarget): Promise<boolean>;
  /** Votes in the live poll; false when the vote was not taken (the poll is read again). */
  vote(pollGuid: string, optionNumber: number): Promise<boolean>;
  /** Raises or lowers the attendee's hand; false (with the reason logged and shown) when refused. */
  raiseHand(raised: boolean): Promise<boolean>;
  /** Asks a question (anonymously if asked to); on a refusal the caller keeps the text. */
  ask(content: string, anonymous: boolean): Promise<AskOutcome>;
  /** Upvotes a published question; null once taken, else the reason it was not. */
  upvote(questionId: string): Promise<string | null>;
  stop(): void;
}

/** The settings a `settings` frame carries, those of the right type only. */
const settingsOf = (f: Frame): Partial<AudienceSettings> => ({
  ...(typeof f.raiseHandEnabled === 'boolean' ? { raiseHandEnabled: f.raiseHandEnabled } : {}),
  ...(typeof f.banner === 'string' || f.banner === null ? { banner: f.banner } : {}),
  ...(typeof f.attendeeCount === 'number' || f.attendeeCount === null ? { attendeeCount: f.attendeeCount } : {}),
});

/** A message as the server sent it, when it is one (an id at least; the store fills in the rest). */
const asMessage = (v: unknown): ChatMessageInput | null => (isRecord(v) && typeof v.id === 'string' ? (v as unknown as ChatMessageInput) : null);

export interface AttendeeSessionOptions {
  /** The tab shown first (the poll share link opens the Polls tab). */
  tab?: AudienceTab;
  /** The personal link's token of an invited-only event (`?invite=`). */
  invite?: string;
  clock?: Clock;
  client?: AttendeeClient;
  /** Where the frames come from: the attendee socket (backend mode), or the demo's tab room. */
  frames?: AttendeeFrames;
}

/** What a frame source reports: the socket's callbacks. */
export type AttendeeFrameHandlers = Required<Pick<SocketOptions, 'onFrame' | 'onState' | 'onReconnected' | 'onRefused'>>;
/** Opens the attendee's frames (`joined`, chat, poll, removal) for the client's session; returns the close. */
export type AttendeeFrames = (client: AttendeeClient, on: AttendeeFrameHandlers) => { close(): void };

/** Backend mode: the attendee socket. The cookie is the registration; the server answers `joined` when the attendee is on the roster. */
export const attendeeSocket: AttendeeFrames = (client, on) =>
  openSocket({ url: socketUrl(client.socketPath()), register: () => ({ type: 'hello' }), isRegistered: (f) => f.type === 'joined', ...on });

/** The attendee's session on the event page of `sharingUrl`. */
export function startAttendeeSession(studioApi: string, sharingUrl: string, { tab = 'public', invite, clock = realClock, client = attendeeClient(studioApi, sharingUrl), frames = attendeeSocket }: AttendeeSessionOptions = {}): AttendeeSession {
  useAttendeeStore.setState({ ...initialAttendeeState(), tab });
  let socket: { close(): void } | null = null;
  let stopped = false;
  let countdown: unknown = null;

  const set = useAttendeeStore.setState;
  const removed = () => {
    closeSocket();
    set({ phase: 'removed', me: null, messages: [], connected: false });
  };
  const qna = attendeeQna({ client, clock, removed, isStopped: () => stopped });

  function limitFor(seconds: number): void {
    set({ retryAfter: Math.ceil(seconds) });
    clock.clearTimeout(countdown);
    const tick = () => {
      const left = useAttendeeStore.getState().retryAfter - 1;
      set({ retryAfter: Math.max(0, left) });
      if (left > 0) countdown = clock.setTimeout(tick, RATE_LIMIT_TICK_MS);
    };
    countdown = clock.setTimeout(tick, RATE_LIMIT_TICK_MS);
  }

  const loadPoll = () =>
    client.poll().then(
      ({ poll }) => !stopped && attendeeActions.setPoll(poll ?? null),
      (error: unknown) => log.warn('audience', `the poll could not be read: ${apiErrorMessage(error)}`),
    );

  const loadChat = () =>
    client.chat().then(
      (list) => !stopped && attendeeActions.loadChat((Array.isArray(list) ? list : []).map(asMessage).filter((m): m is ChatMessageInput => m !== null)),
      (error: unknown) => log.warn('audience', `chat could not be read: ${apiErrorMessage(error)}`),
    );

  function onFrame(frame: Frame): void {
    const message = frame.type === 'chat.msg' ? asMessage(frame.message) : null;
    if (message) return attendeeActions.receive(message);
    if (frame.type === 'chat.deleted' && typeof frame.id === 'string') return attendeeActions.deleted(frame.id);
    if (frame.type === 'chat.rateLimited' && typeof frame.retryAfter === 'number' && frame.retryAfter > 0) return limitFor(frame.retryAfter);
    if (frame.type === 'attendee.removed') return removed();
    // A poll started, ended or was deleted: read it as this attendee sees it (their vote, and results once due).
    if (frame.type === 'poll') return void loadPoll();
    if (frame.type === 'hand' && typeof frame.raised === 'boolean') return attendeeActions.setHand({ raised: frame.raised, stageInvite: typeof frame.stageInvite === 'string' ? frame.stageInvite : null });
    if (frame.type === 'chat.onStream' && (typeof frame.id === 'string' || frame.id === null)) return attendeeActions.onStream(frame.id);
    if (frame.type === 'banner') return attendeeActions.settings({ banner: typeof frame.message === 'string' ? frame.message : null });
    if (frame.type === 'count' && typeof frame.attendeeCount === 'number') return attendeeActions.settings({ attendeeCount: frame.attendeeCount });
    if (frame.type === 'settings') return attendeeActions.settings(settingsOf(frame));
    qna.onFrame(frame);
  }

  function openAttendeeSocket(): void {
    closeSocket();
    socket = frames(client, {
      onFrame,
      onState: (state) => set({ connected: state.status === 'connected' }),
      // What was said while the socket was away is read again.
      onReconnected: () => void Promise.all([loadChat(), loadPoll(), qna.load()]),
      onRefused: (code) => {
        if (code === CLOSE_FORBIDDEN) removed();
        else if (code === CLOSE_UNAUTHORIZED) set({ phase: 'join', me: null, messages: [], connected: false });
      },
    });
  }

  function closeSocket(): void {
    socket?.close();
    socket = null;
  }

  async function enter(): Promise<void> {
    set({ phase: 'joined' });
    openAttendeeSocket();
    await Promise.all([loadChat(), loadPoll(), qna.load()]);
  }

  void client.page(invite).then(
    async (page) => {
      if (stopped) return;
      set({ page, me: page.attendee, phase: page.removed ? 'removed' : page.attendee ? 'joined' : 'join' });
      if (page.attendee && !page.removed) await enter();
    },
    // A stopped session's late failure must not overwrite the next session's page (they share the store).
    (error: unknown) => !stopped && set({ phase: isApiError(error) && error.status === NOT_FOUND ? 'unknown' : 'join', joinError: isApiError(error) && error.status === NOT_FOUND ? null : apiErrorMessage(error) }),
  );

  return {
    async join(form) {
      set({ phase: 'joining', joinError: null });
      try {
        const { attendee } = await client.join({ ...form, ...(invite ? { invite } : {}) });
        if (stopped) return;
        set({ me: attendee });
        await enter();
      } catch (error) {
        if (isApiError(error) && error.code === 'ATTENDEE_REMOVED') return removed();
        set({ phase: 'join', joinError: apiErrorMessage(error) });
      }
    },
    async leave() {
      closeSocket();
      await client.leave().catch((error: unknown) => log.warn('audience', `leaving failed: ${apiErrorMessage(error)}`));
      set({ ...initialAttendeeState(), phase: 'left', page: useAttendeeStore.getState().page });
    },
    async send(text, to) {
      try {
        const sent = asMessage(await client.send(text, to));
        if (sent) attendeeActions.receive(sent);
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 429 && error.retryAfter) limitFor(error.retryAfter);
        else if (isApiError(error) && error.code === 'ATTENDEE_REMOVED') removed();
        else log.warn('audience', `message not sent: ${apiErrorMessage(error)}`);
        return false;
      }
    },
    async vote(pollGuid, optionNumber) {
      try {
        attendeeActions.setPoll((await client.vote(pollGuid, optionNumber)).poll);
        return true;
      } catch (error) {
        log.warn('audience', `vote not taken: ${apiErrorMessage(error)}`);
        if (isApiError(error) && error.code === 'ATTENDEE_REMOVED') removed();
        else await loadPoll();
        return false;
      }
    },
    async raiseHand(raised) {
      try {
        attendeeActions.setHand(await client.hand(raised));
        return true;
      } catch (error) {
        log.warn('audience', `hand not ${raised ? 'raised' : 'lowered'}: ${apiErrorMessage(error)}`);
        if (isApiError(error) && error.code === 'ATTENDEE_REMOVED') removed();
        return false;
      }
    },
    ask: qna.ask,
    upvote: qna.upvote,
    stop() {
      stopped = true;
      clock.clearTimeout(countdown);
      qna.stop();
      closeSocket();
    },
  };
}
