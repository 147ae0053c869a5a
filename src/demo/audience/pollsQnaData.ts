/**
 * Sample polls and questions of the instant demo (§1: built-in sample data) and the pool the
 * simulated audience draws its questions from.
 */
import type { Poll } from '../../state/polls/types';
import type { Question } from '../../state/qna/types';

export const DEMO_POLLS: readonly Poll[] = [
  {
    pollGuid: 'demo-poll-completed',
    question: 'How did you hear about today’s launch?',
    options: [
      { optionNumber: 1, option: 'Newsletter' },
      { optionNumber: 2, option: 'Social media' },
      { optionNumber: 3, option: 'A colleague' },
      { optionNumber: 4, option: 'Our website' },
    ],
    status: 'DONE',
    results: [
      { option: 'Newsletter', votes: 42 },
      { option: 'Social media', votes: 67 },
      { option: 'A colleague', votes: 23 },
      { option: 'Our website', votes: 15 },
    ],
  },
  {
    pollGuid: 'demo-poll-draft',
    question: 'Which new feature are you most excited to try?',
    options: [
      { optionNumber: 1, option: 'Live captions' },
      { optionNumber: 2, option: 'Multi-camera scenes' },
      { optionNumber: 3, option: 'Branded overlays' },
    ],
    results: [],
  },
];

const MINUTE_MS = 60_000;

/** A seed question: a Question without its time, which is given as minutes before the demo starts. */
export type DemoQuestionSeed = Omit<Question, 'timestamp'> & { minutesAgo: number };

export const DEMO_QUESTIONS: readonly DemoQuestionSeed[] = [
  {
    id: 'demo-q-1',
    content: 'Will the recording be available after the event?',
    status: 'ACTIVE',
    anonymous: false,
    initiator: { name: 'Priya Natarajan' },
    minutesAgo: 14,
    upvoteCount: 9,
    answerCount: 1,
    replyCount: 1,
    answers: [
      {
        content: 'Yes! Everyone who registered gets the recording by email within 24 hours.',
        anonymous: false,
        answerBy: { name: 'Alex Morgan', endpointGuid: 'demo-moderator' },
        timestamp: 0,
      },
    ],
  },
  {
    id: 'demo-q-2',
    content: 'Does the new release support single sign-on with Okta?',
    status: 'ACTIVE',
    anonymous: false,
    initiator: { name: 'Marcus Lee' },
    minutesAgo: 9,
    upvoteCount: 5,
    answerCount: 0,
    replyCount: 0,
    answers: [],
  },
  {
    id: 'demo-q-3',
    content: 'How is pricing affected for teams with more than 50 seats?',
    status: 'ASKED',
    anonymous: true,
    initiator: { name: 'Anonymous' },
    minutesAgo: 6,
    upvoteCount: 3,
    answerCount: 0,
    replyCount: 0,
    answers: [],
  },
  {
    id: 'demo-q-4',
    content: 'Can we export poll results to a spreadsheet?',
    status: 'ASKED',
    anonymous: false,
    initiator: { name: 'Sofia Alvarez' },
    minutesAgo: 3,
    upvoteCount: 1,
    answerCount: 0,
    replyCount: 0,
    answers: [],
  },
  {
    id: 'demo-q-5',
    content: 'Check out my channel for free giveaways!!!',
    status: 'DECLINED',
    anonymous: false,
    initiator: { name: 'Jordan P.' },
    minutesAgo: 11,
    upvoteCount: 0,
    answerCount: 0,
    replyCount: 0,
    answers: [],
  },
];

/** The seed questions with real times, relative to `now`. */
export function demoQuestions(now: number): Question[] {
  return DEMO_QUESTIONS.map(({ minutesAgo, ...q }) => {
    const timestamp = now - minutesAgo * MINUTE_MS;
    return { ...q, timestamp, answers: q.answers.map((a) => ({ ...a, timestamp: timestamp + MINUTE_MS })) };
  });
}

/** What attendees ask during the demo (the simulator picks from these, in a seeded order). */
export const AUDIENCE_QUESTIONS: readonly { name: string; content: string }[] = [
  { name: 'Emily Carter', content: 'Is there a free trial for the new plan?' },
  { name: 'Daniel Kim', content: 'What integrations are on the roadmap for this year?' },
  { name: 'Aisha Bello', content: 'Can guests join from a phone browser?' },
  { name: 'Lukas Schneider', content: 'How do you handle GDPR and data residency in the EU?' },
  { name: 'Hannah Wright', content: 'Will the slides be shared after the session?' },
  { name: 'Rafael Costa', content: 'Can we stream to LinkedIn and YouTube at the same time?' },
  { name: 'Mei Chen', content: 'What is the maximum number of attendees per event?' },
  { name: 'Oliver Brown', content: 'Is there an API to create events automatically?' },
  { name: 'Fatima Zahra', content: 'Does it support live captions in other languages?' },
  { name: 'Noah Williams', content: 'How long are recordings kept?' },
  { name: 'Chloé Martin', content: 'Can we customise the registration page with our brand?' },
  { name: 'Arjun Mehta', content: 'What browsers are supported for presenters?' },
  { name: 'Grace O’Neill', content: 'Is there a way to pre-record part of the session?' },
  { name: 'Tomás Ruiz', content: 'Can moderators see who voted for what in a poll?' },
  { name: 'Yuki Tanaka', content: 'How many presenters can be on stage at once?' },
  { name: 'Ben Adler', content: 'Does the studio work behind a corporate firewall?' },
  { name: 'Laura Rossi', content: 'Can attendees download the chat transcript?' },
  { name: 'Samuel Osei', content: 'What does the onboarding process look like for large teams?' },
  { name: 'Ingrid Larsen', content: 'Are breakout rooms coming soon?' },
  { name: 'Kevin Nguyen', content: 'Can we add our own intro and outro videos?' },
  { name: 'Zoe Fischer', content: 'Is there analytics on attendee engagement?' },
  { name: 'Mateo Silva', content: 'How do I invite a guest speaker who has no account?' },
  { name: 'Olivia Park', content: 'Will you share the pricing page link in the chat?' },
  { name: 'Ahmed Hassan', content: 'Can we run the same event in several time zones?' },
];
