/**
 * Sample data, for development only: a database made by a start that is not a production one
 * (NODE_ENV=production never seeds, README "Production") gets two producers and three events.
 * It never runs over existing data: only on a database made in the same start (db/open.ts).
 * - 'Product Launch Live' (product-launch): producer1 and producer2 moderate it; an instance exists.
 * - 'Quarterly Town Hall' (town-hall): producer1 only.
 * - 'Instance Wait Rehearsal' (instance-wait): producer1 only; its instanceId appears about 6 s
 *   after its first access-token or public-details request (the studio's "waiting for the event
 *   to start" polling, §4 Moderator initialisation).
 * Each event has its channel (layout CLASSIC, default brand settings, no layers, eventStatus NEW).
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from './passwords';
import { freshKeyed } from './syncCore';
import { json, type Db } from './db/adapter';

export const SEED_PASSWORD = 'studio';
export const INSTANCE_DELAY_MS = 6000;
const MINUTE = 60_000;
/** Seeded events end far ahead so a kept data folder keeps listing them (the list filters by end). */
const SEEDED_EVENT_LENGTH_MS = 30 * 24 * 60 * MINUTE;

interface SeedUser {
  username: string;
  firstName: string;
  lastName: string;
}
const USERS: SeedUser[] = [
  { username: 'producer1', firstName: 'Priya', lastName: 'Patel' },
  { username: 'producer2', firstName: 'Paul', lastName: 'Price' },
];

interface SeedEvent {
  title: string;
  sharingUrl: string;
  moderators: string[];
  instance: boolean;
  startsInMin: number;
  description: string;
}
const EVENTS: SeedEvent[] = [
  { title: 'Product Launch Live', sharingUrl: 'product-launch', moderators: ['producer1', 'producer2'], instance: true, startsInMin: 10, description: 'The new product, live from the studio.' },
  { title: 'Quarterly Town Hall', sharingUrl: 'town-hall', moderators: ['producer1'], instance: true, startsInMin: 60, description: 'Results and questions.' },
  { title: 'Instance Wait Rehearsal', sharingUrl: 'instance-wait', moderators: ['producer1'], instance: false, startsInMin: 30, description: 'Its instance starts a few seconds after the first join.' },
];

/** The sample users' names, as the start-up output names them. */
export const SAMPLE_USERNAMES = USERS.map((u) => u.username);

export async function seedSampleData(db: Db): Promise<void> {
  const hashes = await Promise.all(USERS.map(() => hashPassword(SEED_PASSWORD)));
  await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const [i, u] of USERS.entries()) {
      const id = randomUUID();
      ids.set(u.username, id);
      await tx.query('INSERT INTO users (id, username, password_hash, first_name, last_name, email, profile_picture, features) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)', [
        id,
        u.username,
        hashes[i],
        u.firstName,
        u.lastName,
        `${u.username}@studio.test`,
        '',
        json([{ name: 'pt_sequin', available: true }]),
      ]);
    }
    const now = Date.now();
    for (const e of EVENTS) {
      const eventId = randomUUID();
      const organizer = ids.get(e.moderators[0] ?? '') ?? '';
      const start = now + e.startsInMin * MINUTE;
      await tx.query(
        `INSERT INTO events (id, sharing_url, instance_id, instance_delay_ms, title, description, start_ms, end_ms, organizer_id, chat_enabled, qna_enabled, raise_hand_enabled)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, true, true)`,
        [eventId, e.sharingUrl, e.instance ? randomUUID() : null, e.instance ? null : INSTANCE_DELAY_MS, e.title, e.description, start, start + SEEDED_EVENT_LENGTH_MS, organizer],
      );
      for (const m of e.moderators) await tx.query('INSERT INTO event_moderators (event_id, user_id) VALUES ($1, $2)', [eventId, ids.get(m)]);
      await tx.query("INSERT INTO channels (uuid, name, event_id, event_status, keyed, version, applied) VALUES ($1, $2, $3, 'NEW', $4::json, 0, '{}'::json)", [
        randomUUID(),
        e.title,
        eventId,
        json(freshKeyed(e.title)),
      ]);
      await seedAudience(tx, eventId, now);
    }
  });
}

/** A little audience so the panels are not empty: two incoming questions and a public chat message. */
async function seedAudience(tx: { query: Db['query'] }, eventId: string, now: number): Promise<void> {
  const questions = [
    { content: 'Will the recording be available afterwards?', name: 'Alex Morgan' },
    { content: 'Which regions get the launch first?', name: 'Sam Lee' },
  ];
  for (const [i, q] of questions.entries()) {
    await tx.query("INSERT INTO questions (id, event_id, content, status, anonymous, initiator, ts) VALUES ($1, $2, $3, 'ASKED', false, $4::jsonb, $5)", [randomUUID(), eventId, q.content, json({ name: q.name }), now - (i + 1) * MINUTE]);
  }
  await tx.query("INSERT INTO chat_messages (id, event_id, kind, body, tag, sender, ts) VALUES ($1, $2, 'public', $3, 'public', $4::jsonb, $5)", [
    randomUUID(),
    eventId,
    'Hello from the audience!',
    json({ guid: 'attendee-alex', name: 'Alex Morgan', firstname: 'Alex', lastname: 'Morgan', role: 'Attendee' }),
    now - 2 * MINUTE,
  ]);
}
