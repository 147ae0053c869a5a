/**
 * The simulated chat of the demo: attendees post in the public chat every few seconds, presenters
 * talk backstage now and then, the moderator group occasionally, and now and then an attendee
 * writes to the moderator privately. It plays the part of the chat socket, emitting chat.msg
 * events, so the panels cannot tell it from a real audience. Seeded, and run on an injectable
 * timer so tests drive it with fake timers.
 */
import type { ChatKind, ChatParticipant } from '../../state/chat/types';
import type { Dispatch } from '../../state/realtimeEvent';
import { BACKSTAGE_LINES, DEMO_ATTENDEES, DEMO_CHAT_EVENT_GUID, DEMO_MODERATORS, DEMO_PRESENTERS, MODERATOR_LINES, PRIVATE_LINES, PUBLIC_LINES } from './chatData';
import { createRandom } from '../../lib/random';
import { realTimer, type DemoTimer } from './pollsQnaTimer';
import { createRepeater } from './repeater';

export interface ChatPace {
  /** Time between public messages: a lively webinar chat. */
  publicEveryMs: readonly [number, number];
  /** Time between backstage messages from presenters. */
  backstageEveryMs: readonly [number, number];
  /** Time between moderator-group messages. */
  moderatorEveryMs: readonly [number, number];
  /** Time between private messages to the moderator. */
  privateEveryMs: readonly [number, number];
  /** Share of public messages that come as a quick pair (two people answering the same moment). */
  burstShare: number;
}

export const CHAT_PACE: ChatPace = {
  publicEveryMs: [1_500, 5_000],
  backstageEveryMs: [25_000, 60_000],
  moderatorEveryMs: [45_000, 100_000],
  privateEveryMs: [40_000, 90_000],
  burstShare: 0.15,
};

export interface ChatSimulationOptions {
  seed: number;
  /** The moderator: private messages are addressed to them. */
  self: ChatParticipant;
  /** Where the messages go (the studio's real-time dispatcher). */
  emit: Dispatch;
  now?: () => number;
  schedule?: DemoTimer;
  pace?: Partial<ChatPace>;
}

/** Recent public senders a `{name}` line may mention. */
const MENTION_POOL = 6;

/** Starts the chat audience; the returned function stops it. */
export function startChatSimulation({ seed, self, emit, now = Date.now, schedule = realTimer, pace: paceOverride }: ChatSimulationOptions): () => void {
  const pace = { ...CHAT_PACE, ...paceOverride };
  const random = createRandom(seed);
  const recent: string[] = [];
  const order = {
    public: random.shuffle(PUBLIC_LINES),
    backstage: random.shuffle(BACKSTAGE_LINES),
    moderator: random.shuffle(MODERATOR_LINES),
    private: random.shuffle(PRIVATE_LINES),
  } satisfies Record<ChatKind, string[]>;
  const next = { public: 0, backstage: 0, moderator: 0, private: 0 } satisfies Record<ChatKind, number>;
  let seq = 0;

  const line = (kind: ChatKind): string => {
    const lines = order[kind];
    const text = lines[next[kind] % lines.length] ?? '';
    next[kind] += 1;
    return text;
  };

  const post = (kind: ChatKind, sender: ChatParticipant, body: string) => {
    seq += 1;
    emit({
      type: 'chat.msg',
      message: {
        id: `sim-chat-${seed}-${seq}`,
        body,
        timestamp: now(),
        tag: kind,
        sender,
        receiver: kind === 'private' ? self : null,
        eventGuid: DEMO_CHAT_EVENT_GUID,
        privateChat: kind === 'private',
        moderatorPresenterChat: kind === 'backstage',
        moderatorChat: kind === 'moderator',
      },
    });
  };

  const { every, stop } = createRepeater(schedule, random);

  const publicMessage = () => {
    const sender = random.pick(DEMO_ATTENDEES)!;
    let body = line('public');
    const other = random.pick(recent.filter((n) => n !== sender.name));
    if (other) body = body.replace('{name}', other.split(' ')[0] ?? other);
    // Nobody to mention yet: take the next line that mentions nobody.
    for (let tries = 0; body.includes('{name}') && tries < PUBLIC_LINES.length; tries++) body = line('public');
    post('public', sender, body);
    recent.push(sender.name);
    if (recent.length > MENTION_POOL) recent.shift();
  };

  every(pace.publicEveryMs, () => {
    publicMessage();
    if (random.chance(pace.burstShare)) publicMessage();
  });
  every(pace.backstageEveryMs, () => post('backstage', random.pick(DEMO_PRESENTERS)!, line('backstage')));
  every(pace.moderatorEveryMs, () => post('moderator', random.pick(DEMO_MODERATORS.filter((m) => m.guid !== self.guid))!, line('moderator')));
  every(pace.privateEveryMs, () => post('private', random.pick(DEMO_ATTENDEES)!, line('private')));

  return stop;
}
