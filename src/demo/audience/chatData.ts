/**
 * Sample chat of the instant demo (§1: built-in sample data): who takes part, what they say, and
 * the history the chat opens with. The simulated audience (chatSimulator.ts) draws from these
 * pools in a seeded order. Pure data and pure functions: no clocks, no Math.random.
 */
import { DEMO_GUESTS } from '../demoGuests';
import type { ChatMessageInput, ChatParticipant } from '../../state/chat/types';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

/** The demo event's guid on chat messages (§3 event guid). */
export const DEMO_CHAT_EVENT_GUID = 'demodemo';

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-');

/** Attendees who chat (names from many places, as in a public webinar). */
export const DEMO_ATTENDEES: readonly ChatParticipant[] = [
  'Emily Carter', 'Daniel Kim', 'Aisha Bello', 'Lukas Schneider', 'Hannah Wright', 'Rafael Costa', 'Mei Chen', 'Oliver Brown',
  'Fatima Zahra', 'Noah Williams', 'Chloé Martin', 'Arjun Mehta', 'Grace O’Neill', 'Tomás Ruiz', 'Yuki Tanaka', 'Ben Adler',
  'Laura Rossi', 'Samuel Osei', 'Ingrid Larsen', 'Kevin Nguyen', 'Zoe Fischer', 'Mateo Silva', 'Olivia Park', 'Ahmed Hassan',
  'Sofia Petrova', 'Jamal Wright', 'Elena García', 'Marcus Lee', 'Priyanka Das', 'Tom Becker', 'Nadia Haddad', 'Liam Murphy',
  'Isabela Souza', 'Erik Johansson', 'Ayumi Sato', 'Carlos Méndez', 'Julia Nowak', 'David Cohen', 'Amina Yusuf', 'Ryan Fitzgerald',
].map((name) => ({ guid: `demo-attendee-${slug(name)}`, name, role: 'Attendee' as const }));

/** The presenters and moderators backstage: the demo channel's guests (§1 sample guests). */
export const DEMO_PRESENTERS: readonly ChatParticipant[] = DEMO_GUESTS.map((g) => ({ guid: g.participantGuid, name: g.name, role: g.role }));

/** Other moderators of the event (the moderator group), besides the guests who are moderators. */
export const DEMO_MODERATORS: readonly ChatParticipant[] = [
  { guid: 'demo-moderator-priya', name: 'Priya Raman', role: 'Moderator' },
  { guid: 'demo-moderator-jonas', name: 'Jonas Weber', role: 'Moderator' },
  ...DEMO_PRESENTERS.filter((p) => p.role === 'Moderator'),
];

/** What attendees say in the public chat. `{name}` is another attendee who spoke recently. */
export const PUBLIC_LINES: readonly string[] = [
  'Hello from Lisbon 👋',
  'Hi everyone! Joining from Toronto',
  'Good morning from Sydney ☀️ (well, evening here)',
  'Greetings from Nairobi!',
  'Hey all, first time at one of these 🙂',
  'Hallo aus Berlin!',
  'Audio and video are crystal clear here 👍',
  'The audio dropped for a second, back now',
  'Is the recording going to be shared afterwards?',
  'Will the slides be available after the session?',
  'This is exactly what our team needed 🙌',
  'Love the new layout options 😍',
  'Great point about onboarding large teams',
  'Can you go back to the previous slide for a sec?',
  'How does this compare with the old version?',
  'The branding tools look super polished',
  'We run weekly town halls, this would save us hours',
  'Is there an API for scheduling events?',
  '🔥🔥🔥',
  '👏👏👏',
  'Wow, that demo was smooth',
  'Does this work with our SSO setup?',
  'Taking notes 📝',
  'Really clear explanation, thanks!',
  'Can we stream to LinkedIn and YouTube at the same time?',
  'What is the max number of attendees?',
  'Sharing this with my team right now 🚀',
  'Is there a free trial?',
  'My favourite feature so far is the lower thirds',
  'Just joined, did I miss the intro?',
  'Are breakout rooms on the roadmap?',
  'The poll results are interesting 📊',
  'Voted! 🗳️',
  'Q&A is a nice touch, sent my question there',
  'This chat is moving fast 😅',
  'Where can I find the pricing page?',
  'How long are recordings kept?',
  'Loving the energy today 🎉',
  'Good question!',
  '+1 to the API question',
  'Thanks for doing this in a time zone that works for Asia 🙏',
  'Can guests join from a phone browser?',
  'Our marketing team is going to love this',
  'The picture quality is impressive for a browser app',
  'Is the chat overlay customisable?',
  'Such a clean interface',
  'Does it support captions in other languages?',
  'Can we add our own intro video?',
  'Kudos to the presenters, very engaging 👍',
  'Following along from a train, works great on hotspot 🚆',
  'How many presenters can be on stage at once?',
  'I like how the layouts switch automatically',
  'This answers most of my questions, thanks',
  'Is there an on-prem option?',
  'Can moderators see who voted in a poll?',
  'Tip: the Q&A upvotes are a great way to prioritise',
  'What browsers are supported for presenters?',
  'Coffee in hand, ready to learn ☕',
  'Muy interesante, gracias!',
  'Merci pour la démo !',
  'Agree with {name} 💯',
  '@{name} same question here',
  '{name} good one, was wondering the same',
  'Thanks {name}, that link helped',
];

/** What presenters say backstage (moderators and presenters only). */
export const BACKSTAGE_LINES: readonly string[] = [
  'Can you bring my slides up after the intro?',
  'I can take the pricing question when we get there',
  'My camera froze for a second, is it OK on your side?',
  'Two minutes left on my section, wrapping up',
  'Could you put the poll live after this demo?',
  'Lots of questions about the API in Q&A, let’s do those next',
  'I’ll hand over to you after this slide',
  'Is my audio level fine? Switched mics',
  'Great energy in the chat today 🎉',
  'Let’s skip the roadmap slide, we’re short on time',
  'Can someone pin the pricing link in the chat?',
  'Going off camera for a minute, back shortly',
];

/** What the moderator group says. */
export const MODERATOR_LINES: readonly string[] = [
  'Heads-up: spam link in public chat, I’m deleting it',
  'Attendance just passed 400 👀',
  'Poll is ready to go when you are',
  'I’ve approved the top three questions in Q&A',
  'Recording is running fine on my end',
  'Let’s show the “crystal clear” comment on stream, nice social proof',
  'Reminder: we end at half past, Q&A needs 10 minutes',
  'Someone asks about accessibility, I’ll answer privately',
  'Chat overlay looks good on the output',
];

/** What attendees write to the moderator privately. */
export const PRIVATE_LINES: readonly string[] = [
  'Hi! I can’t hear the presenter, is it just me?',
  'Could you send me the registration link for next week?',
  'Is there a way to get a certificate of attendance?',
  'I joined late, will I get the recording by email?',
  'Quick question: can our team get a demo for 50 seats?',
  'The video is a bit choppy on my side, any tips?',
  'Thank you for organising this, really useful!',
  'Can I share my screen to show our use case?',
  'Who should I contact about enterprise pricing?',
  'I asked in Q&A but it disappeared, did it go through?',
];

/** How people answer the moderator's direct message in the demo. */
export const DM_REPLY_LINES: readonly string[] = [
  'Thanks, got it! 👍',
  'Perfect, thank you',
  'Great, that helps a lot',
  'Sounds good, will do',
  'Ah I see, thanks for the quick answer 🙏',
  'Thank you! Enjoying the session',
];

type Seed = { sender: ChatParticipant; body: string; secondsAgo: number; receiver?: ChatParticipant };

const attendee = (i: number) => DEMO_ATTENDEES[i % DEMO_ATTENDEES.length]!;
const presenter = (i: number) => DEMO_PRESENTERS[i % DEMO_PRESENTERS.length]!;
const moderator = (i: number) => DEMO_MODERATORS[i % DEMO_MODERATORS.length]!;

const PUBLIC_HISTORY: readonly Seed[] = [
  { sender: attendee(0), body: 'Hello from Lisbon 👋', secondsAgo: 540 },
  { sender: attendee(5), body: 'Hi everyone! Joining from Toronto', secondsAgo: 520 },
  { sender: attendee(14), body: 'Good morning from Sydney ☀️ (well, evening here)', secondsAgo: 505 },
  { sender: attendee(3), body: 'Hallo aus Berlin!', secondsAgo: 470 },
  { sender: attendee(8), body: 'Greetings from Nairobi!', secondsAgo: 455 },
  { sender: attendee(21), body: 'Just joined, did I miss the intro?', secondsAgo: 400 },
  { sender: attendee(6), body: 'Audio and video are crystal clear here 👍', secondsAgo: 380 },
  { sender: attendee(11), body: 'Coffee in hand, ready to learn ☕', secondsAgo: 350 },
  { sender: attendee(17), body: 'Is the recording going to be shared afterwards?', secondsAgo: 300 },
  { sender: attendee(2), body: 'Love the new layout options 😍', secondsAgo: 260 },
  { sender: attendee(25), body: 'We run weekly town halls, this would save us hours', secondsAgo: 220 },
  { sender: attendee(9), body: '👏👏👏', secondsAgo: 190 },
  { sender: attendee(30), body: 'Can we stream to LinkedIn and YouTube at the same time?', secondsAgo: 150 },
  { sender: attendee(12), body: 'The branding tools look super polished', secondsAgo: 110 },
  { sender: attendee(19), body: '+1 to the API question', secondsAgo: 80 },
  { sender: attendee(4), body: 'Taking notes 📝', secondsAgo: 45 },
];

const BACKSTAGE_HISTORY: readonly Seed[] = [
  { sender: presenter(0), body: 'Mic check: can you hear me OK?', secondsAgo: 900 },
  { sender: presenter(1), body: 'Loud and clear 👍 Slides are loaded on my side', secondsAgo: 870 },
  { sender: presenter(3), body: 'I’ll take the pricing question when we get there', secondsAgo: 420 },
];

const MODERATOR_HISTORY: readonly Seed[] = [
  { sender: moderator(0), body: 'Poll is ready to go when you are', secondsAgo: 700 },
  { sender: moderator(1), body: 'Recording is running fine on my end', secondsAgo: 330 },
];

const PRIVATE_HISTORY: readonly Seed[] = [{ sender: attendee(7), body: 'Will the slides be available after the session?', secondsAgo: 240 }];

/** The history the demo chat opens with, relative to `now` (§7 scrollback per kind). */
export function demoChatHistory(now: number, self: ChatParticipant): ChatMessageInput[] {
  const make = (kind: 'public' | 'backstage' | 'moderator' | 'private', seeds: readonly Seed[]) =>
    seeds.map((s, i) => ({
      id: `demo-chat-${kind}-${i + 1}`,
      body: s.body,
      timestamp: now - s.secondsAgo * SECOND_MS,
      tag: kind,
      sender: s.sender,
      receiver: kind === 'private' ? self : null,
      eventGuid: DEMO_CHAT_EVENT_GUID,
      privateChat: kind === 'private',
      moderatorPresenterChat: kind === 'backstage',
      moderatorChat: kind === 'moderator',
    }));
  return [...make('public', PUBLIC_HISTORY), ...make('backstage', BACKSTAGE_HISTORY), ...make('moderator', MODERATOR_HISTORY), ...make('private', PRIVATE_HISTORY)];
}

/** A backstage message that arrived just before the moderator opened the studio (so Host Chat has news). */
export const demoFreshBackstage = (now: number): ChatMessageInput => ({
  id: 'demo-chat-backstage-fresh',
  body: 'Could you put the poll live after this demo?',
  timestamp: now - 0.5 * MINUTE_MS,
  tag: 'backstage',
  sender: presenter(1),
  receiver: null,
  eventGuid: DEMO_CHAT_EVENT_GUID,
  moderatorPresenterChat: true,
});

/** Attendees listed in the direct-message list from the start (others appear once they write). */
export const DEMO_ATTENDEE_CONTACTS = 8;

/** Who can be sent a direct message in the demo: presenters, other moderators, a few attendees. */
export function demoContacts(): ChatParticipant[] {
  const byGuid = new Map<string, ChatParticipant>();
  for (const p of [...DEMO_PRESENTERS, ...DEMO_MODERATORS, ...DEMO_ATTENDEES.slice(0, DEMO_ATTENDEE_CONTACTS)]) if (!byGuid.has(p.guid)) byGuid.set(p.guid, p);
  return [...byGuid.values()];
}
