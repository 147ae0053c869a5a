/**
 * The schema, as numbered migrations. A `migrations` table records which ran; each runs in its own
 * transaction, in order, once. Add a migration at the end; never edit one that has shipped.
 */
import type { Db } from './adapter';

interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'users, tokens, events',
    sql: `
      CREATE TABLE users (
        id text PRIMARY KEY,
        username text UNIQUE NOT NULL,
        password_hash text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        profile_picture text NOT NULL DEFAULT '',
        features jsonb NOT NULL DEFAULT '[]'
      );
      CREATE TABLE tokens (
        hash text PRIMARY KEY,
        kind text NOT NULL,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        event_id text,
        expires_at bigint NOT NULL
      );
      CREATE TABLE events (
        id text PRIMARY KEY,
        sharing_url text UNIQUE NOT NULL,
        instance_id text,
        instance_delay_ms integer,
        instance_due_at bigint,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        start_ms bigint NOT NULL,
        end_ms bigint NOT NULL,
        organizer_id text NOT NULL REFERENCES users(id),
        chat_enabled boolean NOT NULL DEFAULT true,
        qna_enabled boolean NOT NULL DEFAULT true,
        state text NOT NULL DEFAULT 'NOT_STARTED',
        banner text NOT NULL DEFAULT ''
      );
      CREATE TABLE event_moderators (
        event_id text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (event_id, user_id)
      );`,
  },
  {
    id: 2,
    name: 'channels',
    sql: `
      CREATE TABLE channels (
        uuid text PRIMARY KEY,
        name text NOT NULL,
        template_url text NOT NULL DEFAULT '',
        event_id text REFERENCES events(id) ON DELETE SET NULL,
        event_status text,
        keyed json NOT NULL, -- json, not jsonb: the keyed map's key order is the channel's item order (jsonb sorts keys)
        version integer NOT NULL DEFAULT 0,
        applied jsonb NOT NULL DEFAULT '{}',
        update_reason jsonb,
        output_token_hash text
      );
      CREATE INDEX channels_event ON channels(event_id);`,
  },
  {
    id: 3,
    name: 'polls, chat, questions, shared video',
    sql: `
      CREATE TABLE polls (
        guid text PRIMARY KEY,
        event_id text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        question text NOT NULL,
        options jsonb NOT NULL,
        status text,
        results jsonb NOT NULL,
        created_at bigint NOT NULL
      );
      CREATE TABLE poll_seen (user_id text NOT NULL, poll_guid text NOT NULL, PRIMARY KEY (user_id, poll_guid));
      CREATE TABLE chat_messages (
        id text PRIMARY KEY,
        event_id text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        kind text NOT NULL,
        body text NOT NULL,
        tag text NOT NULL,
        sender jsonb NOT NULL,
        sender_user_id text,
        receiver jsonb,
        ts bigint NOT NULL,
        delete_date bigint NOT NULL DEFAULT 0
      );
      CREATE INDEX chat_messages_event ON chat_messages(event_id, kind, ts);
      CREATE TABLE questions (
        id text PRIMARY KEY,
        event_id text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        content text NOT NULL,
        status text NOT NULL,
        anonymous boolean NOT NULL,
        initiator jsonb NOT NULL,
        ts bigint NOT NULL,
        upvote_count integer NOT NULL DEFAULT 0,
        answers jsonb NOT NULL DEFAULT '[]'
      );
      CREATE TABLE question_seen (user_id text NOT NULL, question_id text NOT NULL, PRIMARY KEY (user_id, question_id));
      CREATE TABLE video_shares (
        event_id text PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
        content_id text NOT NULL,
        state text NOT NULL,
        seek double precision NOT NULL DEFAULT 0,
        offset_s double precision NOT NULL DEFAULT 0,
        endpoint_guid text NOT NULL DEFAULT ''
      );`,
  },
  {
    id: 4,
    name: 'uploads, assets, cms videos',
    sql: `
      CREATE TABLE uploads (
        asset_key text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type text NOT NULL,
        max_bytes bigint NOT NULL,
        size bigint,
        mime text,
        created_at bigint NOT NULL
      );
      CREATE TABLE assets (
        id text PRIMARY KEY,
        owner_type text NOT NULL,
        owner_id text NOT NULL,
        type text NOT NULL,
        tag text NOT NULL,
        title text NOT NULL,
        asset_key text NOT NULL,
        thumbnail_key text NOT NULL DEFAULT '',
        created_at bigint NOT NULL,
        ready_at bigint NOT NULL
      );
      CREATE INDEX assets_owner ON assets(owner_type, owner_id);
      CREATE TABLE cms_videos (
        id serial PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        content_name text NOT NULL,
        content_url text NOT NULL,
        content_type text NOT NULL DEFAULT '',
        content_size bigint NOT NULL DEFAULT 0,
        description text NOT NULL DEFAULT '',
        thumbnail text NOT NULL DEFAULT '',
        modified bigint NOT NULL
      );`,
  },
  {
    id: 5,
    name: 'meeting: invites, guests',
    sql: `
      CREATE TABLE invites (
        token_hash text PRIMARY KEY,
        token text NOT NULL, -- the host reads the current invite link again (guests.ts)
        event_id text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        created_at bigint NOT NULL,
        expires_at bigint NOT NULL,
        rotated_at bigint
      );
      CREATE INDEX invites_event ON invites(event_id, created_at);
      CREATE TABLE guests (
        id text PRIMARY KEY, -- the participant id, guest-{random}
        token_hash text UNIQUE NOT NULL,
        event_id text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        instance_id text NOT NULL,
        name text NOT NULL,
        invite_hash text NOT NULL,
        created_at bigint NOT NULL,
        removed_at bigint
      );
      CREATE INDEX guests_event ON guests(event_id);`,
  },
  {
    id: 6,
    name: 'sessions: a token belongs to its sign-in',
    sql: `
      ALTER TABLE tokens ADD COLUMN session_id text;
      ALTER TABLE tokens ADD COLUMN session_expires_at bigint;
      CREATE INDEX tokens_session ON tokens(session_id)`,
  },
  {
    id: 7,
    name: 'invites kept hashed: the link is derived again from a nonce and the server key',
    // An invite kept in clear cannot be turned into a derived one: the open ones are retired (the host's
    // next GET makes a new link); guests who joined through them are not touched.
    sql: `
      ALTER TABLE invites ADD COLUMN nonce text;
      UPDATE invites SET rotated_at = created_at WHERE rotated_at IS NULL;
      ALTER TABLE invites DROP COLUMN token`,
  },
  {
    id: 8,
    name: 'going live: destinations (stream keys encrypted), live jobs with a heartbeat, recordings',
    sql: `
      CREATE TABLE destinations (
        id text PRIMARY KEY,
        event_id text NOT NULL,
        name text NOT NULL,
        server_url text NOT NULL,
        key_cipher text NOT NULL,
        key_last4 text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        created_at bigint NOT NULL
      );
      CREATE INDEX destinations_event ON destinations(event_id);
      CREATE TABLE live_jobs (
        id text PRIMARY KEY,
        channel_uuid text NOT NULL,
        event_id text NOT NULL,
        state text NOT NULL,
        quality text NOT NULL,
        owner text,
        heartbeat_at bigint NOT NULL,
        started_at bigint NOT NULL,
        live_at bigint,
        ended_at bigint,
        stop_requested boolean NOT NULL DEFAULT false,
        error text,
        recording_id text NOT NULL,
        capture_token_hash text NOT NULL
      );
      CREATE INDEX live_jobs_channel ON live_jobs(channel_uuid);
      CREATE INDEX live_jobs_state ON live_jobs(state);
      CREATE TABLE recordings (
        id text PRIMARY KEY,
        event_id text NOT NULL,
        channel_uuid text NOT NULL,
        started_at bigint NOT NULL,
        ended_at bigint,
        duration_sec double precision,
        size_bytes bigint,
        state text NOT NULL
      );
      CREATE INDEX recordings_event ON recordings(event_id)`,
  },
  {
    id: 9,
    name: 'scale-out: processes (nodes), the roster, meeting rooms and members, the chat token bucket, sign-in throttle keys, the bus',
    sql: `
      CREATE TABLE nodes (
        id text PRIMARY KEY,
        started_at bigint NOT NULL,
        heartbeat_at bigint NOT NULL
      );
      CREATE TABLE roster_entries (
        event_id text NOT NULL,
        guid text NOT NULL,
        kind text NOT NULL,
        user_id text,
        entry jsonb NOT NULL,
        joined_at bigint NOT NULL,
        PRIMARY KEY (event_id, guid)
      );
      CREATE TABLE roster_sockets (
        socket_id text PRIMARY KEY,
        node_id text NOT NULL,
        event_id text NOT NULL,
        guid text NOT NULL
      );
      CREATE INDEX roster_sockets_participant ON roster_sockets(event_id, guid);
      CREATE INDEX roster_sockets_node ON roster_sockets(node_id);
      CREATE TABLE janus_instances (
        id text PRIMARY KEY,
        node_id text NOT NULL,
        ws_url text NOT NULL,
        http_url text NOT NULL
      );
      CREATE TABLE meeting_rooms (
        room text PRIMARY KEY,
        instance_id text NOT NULL,
        nonce text NOT NULL
      );
      CREATE TABLE meeting_members (
        token_hash text PRIMARY KEY,
        nonce text NOT NULL,
        room text NOT NULL,
        participant_id text NOT NULL,
        grant_json jsonb NOT NULL,
        UNIQUE (room, participant_id)
      );
      CREATE TABLE rate_buckets (
        key text PRIMARY KEY,
        tokens double precision NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE TABLE sign_in_keys (
        key text PRIMARY KEY,
        state jsonb NOT NULL,
        locked_until bigint NOT NULL,
        touched_at bigint NOT NULL
      );
      CREATE INDEX sign_in_keys_touched ON sign_in_keys(touched_at);
      CREATE TABLE bus_messages (
        id bigserial PRIMARY KEY,
        payload text NOT NULL, -- JSON as sent: jsonb would sort a channel's keyed map (its item order)
        created_at bigint NOT NULL
      )`,
  },
  {
    id: 10,
    name: 'run of show: one rundown per channel, a keyed document synced like the channel',
    sql: `
      CREATE TABLE rundowns (
        channel_uuid text PRIMARY KEY REFERENCES channels(uuid) ON DELETE CASCADE,
        keyed json NOT NULL, -- json, not jsonb: the map's key order is the scenes' insertion order
        version integer NOT NULL,
        applied jsonb NOT NULL
      )`,
  },
  {
    id: 11,
    name: 'sync records keep their order (json, not jsonb): the oldest origins beyond APPLIED_ORIGINS_MAX are forgotten',
    sql: `
      ALTER TABLE channels ALTER COLUMN applied DROP DEFAULT;
      ALTER TABLE channels ALTER COLUMN applied TYPE json USING applied::json;
      ALTER TABLE channels ALTER COLUMN applied SET DEFAULT '{}'::json;
      ALTER TABLE rundowns ALTER COLUMN applied TYPE json USING applied::json`,
  },
  {
    id: 12,
    name: 'the audience: the event settings attendees meet, and attendees (an HttpOnly cookie session each; removal is kept)',
    sql: `
      ALTER TABLE events ADD COLUMN require_email boolean NOT NULL DEFAULT false;
      ALTER TABLE events ADD COLUMN one2one_mod_chat boolean NOT NULL DEFAULT false;
      CREATE TABLE attendees (
        id text PRIMARY KEY,
        event_id text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        name text NOT NULL,
        email text, -- lower case, only when the event asks for one
        session_hash text UNIQUE, -- the cookie's sha256 while the session lasts, kept after a removal (that browser is refused)
        joined_at bigint NOT NULL,
        left_at bigint,
        removed_at bigint
      );
      CREATE INDEX attendees_event ON attendees(event_id, joined_at);
      CREATE INDEX attendees_email ON attendees(event_id, email);
      CREATE TABLE poll_votes (
        poll_guid text NOT NULL REFERENCES polls(guid) ON DELETE CASCADE,
        attendee_id text NOT NULL REFERENCES attendees(id) ON DELETE CASCADE,
        option_number integer NOT NULL,
        voted_at bigint NOT NULL,
        PRIMARY KEY (poll_guid, attendee_id)
      )`,
  },
  {
    id: 13,
    name: 'Q&A for attendees: the event setting qnaAutoApprove, who asked a question, and one upvote per attendee and question',
    sql: `
      ALTER TABLE events ADD COLUMN qna_auto_approve boolean NOT NULL DEFAULT false;
      ALTER TABLE questions ADD COLUMN attendee_id text REFERENCES attendees(id) ON DELETE SET NULL;
      CREATE INDEX questions_event ON questions(event_id, ts);
      CREATE TABLE question_upvotes (
        question_id text NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
        attendee_id text NOT NULL REFERENCES attendees(id) ON DELETE CASCADE,
        upvoted_at bigint NOT NULL,
        PRIMARY KEY (question_id, attendee_id)
      )`,
  },
  {
    id: 14,
    name: 'the audience takes part: raised hands, an attendee brought on stage through a personal invite, invited-only events with a link per person, the count shown to the audience',
    sql: `
      ALTER TABLE events ADD COLUMN raise_hand_enabled boolean NOT NULL DEFAULT false;
      ALTER TABLE events ADD COLUMN invited_only boolean NOT NULL DEFAULT false;
      ALTER TABLE events ADD COLUMN show_attendee_count boolean NOT NULL DEFAULT false;
      ALTER TABLE attendees ADD COLUMN hand_raised_at bigint;
      ALTER TABLE attendees ADD COLUMN stage_invited_at bigint;
      CREATE INDEX attendees_hands ON attendees(event_id, hand_raised_at) WHERE hand_raised_at IS NOT NULL;
      ALTER TABLE invites ADD COLUMN attendee_id text REFERENCES attendees(id) ON DELETE CASCADE;
      CREATE TABLE attendee_invites (
        id text PRIMARY KEY,
        token_hash text UNIQUE NOT NULL,
        nonce text NOT NULL,
        event_id text NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        name text NOT NULL,
        created_at bigint NOT NULL,
        revoked_at bigint,
        attendee_id text REFERENCES attendees(id) ON DELETE SET NULL
      );
      CREATE INDEX attendee_invites_event ON attendee_invites(event_id, created_at)`,
  },
  {
    id: 15,
    name: 'one show, two shapes: a destination says its shape, a broadcast with a vertical program keeps its vertical recording',
    sql: `
      ALTER TABLE destinations ADD COLUMN shape text NOT NULL DEFAULT '16:9';
      ALTER TABLE recordings ADD COLUMN shape text NOT NULL DEFAULT '16:9';
      ALTER TABLE live_jobs ADD COLUMN vertical_recording_id text`,
  },
];

/** Any number taken by every backend process: migrations run under it one process at a time. */
const MIGRATION_LOCK = 7_460_001;

/**
 * Runs every migration not yet recorded, each in its own transaction; returns the ids it ran.
 * Processes starting at once on one server take turns (a transaction-scoped advisory lock) and
 * each skips what another already ran.
 */
export async function migrate(db: Db): Promise<number[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)');
  });
  const ran: number[] = [];
  for (const m of MIGRATIONS) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if ((await tx.query('SELECT 1 FROM migrations WHERE id = $1', [m.id])).length) return true;
      for (const statement of m.sql.split(';').map((s) => s.trim()).filter(Boolean)) await tx.query(statement);
      await tx.query('INSERT INTO migrations (id, name, applied_at) VALUES ($1, $2, $3)', [m.id, m.name, Date.now()]);
      return false;
    });
    if (!done) ran.push(m.id);
  }
  return ran;
}
