// @vitest-environment node
/**
 * Sign-in and sessions (CONTRACT.md "Sign-in and sessions"): the throttle per (user name, address) and
 * per address with an injected clock (on an embedded database, then over HTTP: a burst of guesses, the
 * client's address behind a trusted proxy), the token exchange that never extends a session, sign-out,
 * and `--create-user` reading its password from stdin.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_S } from '../../src/server/auth';
import { REPO_ROOT, startBackend, type Backend } from '../../src/server/server';
import {
  addressKey,
  pairKey,
  SIGN_IN_BUSY_WAIT_MS,
  SIGN_IN_FIRST_LOCK_MS,
  SIGN_IN_FREE_TRIES,
  SIGN_IN_MAX_LOCK_MS,
  SIGN_IN_PENDING_MAX_MS,
  SIGN_IN_STRIKE_MEMORY_MS,
  SIGN_IN_WINDOW_MS,
  SignInThrottle,
} from '../../src/server/signInThrottle';
import type { Db } from '../../src/server/db/adapter';
import { bearer, blankClusterReady, call, channelOf, eventBySharingUrl, eventSocket, eventToken, migratedPglite, removeDir, signIn, studioSocket, tempDir, type Json } from './helpers';

/** A clock the test moves. */
function testClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the sign-in throttle (injected clock)', () => {
  const dir = tempDir();
  let db: Db;
  beforeAll(async () => {
    db = await migratedPglite(dir);
  });
  afterAll(async () => {
    await db.close();
    removeDir(dir);
  });
  /** A throttle on an empty table. */
  const throttle = async (now: () => number) => {
    await db.query('DELETE FROM sign_in_keys');
    return new SignInThrottle(db, now);
  };
  /** One try of `name` from `address` settled as `outcome`: 0 when it was checked, else the seconds it was told to wait. */
  const attempt = async (t: SignInThrottle, outcome: 'failed' | 'succeeded' | 'cancelled', name = 'producer1', address = '10.0.0.1') => {
    const a = await t.begin(name, address);
    if (typeof a === 'number') return a;
    await t[outcome](a);
    return 0;
  };
  /** The wait a try would get now (a checked try is cancelled: it counts for nothing). */
  const wait = (t: SignInThrottle, name = 'producer1', address = '10.0.0.1') => attempt(t, 'cancelled', name, address);
  const fail = (t: SignInThrottle, times: number, name?: string, address?: string) => Promise.all(Array.from({ length: times }, () => attempt(t, 'failed', name, address)));

  it('five failed tries a minute, then a wait of a minute; the lock grows 1, 2, 4 … minutes up to an hour', async () => {
    const clock = testClock();
    const t = await throttle(clock.now);
    await fail(t, SIGN_IN_FREE_TRIES - 1);
    expect(await wait(t)).toBe(0);
    await fail(t, 1);
    expect(await wait(t)).toBe(SIGN_IN_FIRST_LOCK_MS / 1000);
    clock.advance(30_000);
    expect(await wait(t)).toBe(30);
    clock.advance(30_000);
    expect(await wait(t)).toBe(0);
    const locks: number[] = [];
    for (let strike = 0; strike < 8; strike++) {
      await fail(t, SIGN_IN_FREE_TRIES);
      const w = await wait(t);
      locks.push(w);
      clock.advance(w * 1000);
    }
    expect(locks).toEqual([120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    expect(SIGN_IN_MAX_LOCK_MS).toBe(3600_000);
  });

  it('tries spread over more than a minute are not counted together; a quiet hour forgets the strikes', async () => {
    const clock = testClock();
    const t = await throttle(clock.now);
    for (let i = 0; i < 20; i++) {
      await fail(t, 1);
      clock.advance(SIGN_IN_WINDOW_MS / (SIGN_IN_FREE_TRIES - 1) + 1);
    }
    expect(await wait(t)).toBe(0);
    await fail(t, SIGN_IN_FREE_TRIES);
    clock.advance(SIGN_IN_STRIKE_MEMORY_MS + 1);
    await fail(t, SIGN_IN_FREE_TRIES);
    expect(await wait(t)).toBe(SIGN_IN_FIRST_LOCK_MS / 1000);
  });

  it('thirty tries at once get the five checks of thirty one by one; the others wait and count nothing', async () => {
    const clock = testClock();
    const t = await throttle(clock.now);
    const begun = await Promise.all(Array.from({ length: 30 }, () => t.begin('producer1', '10.0.0.1')));
    const admitted = begun.filter((a) => typeof a !== 'number');
    expect(admitted).toHaveLength(SIGN_IN_FREE_TRIES);
    expect(begun.filter((a) => a === SIGN_IN_BUSY_WAIT_MS / 1000)).toHaveLength(30 - SIGN_IN_FREE_TRIES);
    for (const a of admitted) await t.failed(a);
    // One lock, the first one: the 25 refused tries did not push it further.
    expect(await wait(t)).toBe(SIGN_IN_FIRST_LOCK_MS / 1000);
  });

  it('a try refused while locked counts nothing: a burst during a lock leaves it a minute', async () => {
    const clock = testClock();
    const t = await throttle(clock.now);
    await fail(t, SIGN_IN_FREE_TRIES);
    expect(await fail(t, 100)).toEqual(Array(100).fill(SIGN_IN_FIRST_LOCK_MS / 1000));
    clock.advance(SIGN_IN_FIRST_LOCK_MS);
    expect(await wait(t)).toBe(0);
  });

  it('per (name, address) and per address: the same name from another address is not locked; the guessing address is locked for every name', async () => {
    const clock = testClock();
    const t = await throttle(clock.now);
    await fail(t, SIGN_IN_FREE_TRIES, 'Producer1', '10.6.6.6');
    expect(await wait(t, 'producer1', '10.0.0.1')).toBe(0);
    expect(await wait(t, 'producer2', '10.6.6.6')).toBe(60);
    // Guesses at many names from one address: the address is locked.
    for (let i = 0; i < SIGN_IN_FREE_TRIES; i++) await attempt(t, 'failed', `name${i}`, '10.0.0.7');
    expect(await wait(t, 'someone', '10.0.0.7')).toBe(60);
  });

  it('a right password clears its pair and takes its own try off the address, not the address\'s failures', async () => {
    const clock = testClock();
    const t = await throttle(clock.now);
    await fail(t, SIGN_IN_FREE_TRIES - 2, 'other', '10.0.0.1');
    await fail(t, 1);
    expect(await attempt(t, 'succeeded')).toBe(0);
    expect((await db.query('SELECT 1 FROM sign_in_keys WHERE key = $1', [pairKey('producer1', '10.0.0.1')])).length).toBe(0);
    // Four failures on the address: one more locks it.
    expect(await wait(t, 'third', '10.0.0.1')).toBe(0);
    await fail(t, 1, 'third', '10.0.0.1');
    expect(await wait(t, 'fourth', '10.0.0.1')).toBe(60);
  });

  it('a try whose check could not run (busy) counts for nothing; one still pending after SIGN_IN_PENDING_MAX_MS counts as failed', async () => {
    const clock = testClock();
    const t = await throttle(clock.now);
    for (let i = 0; i < 20; i++) expect(await attempt(t, 'cancelled')).toBe(0);
    // Five tries begun and never settled (their process died): they hold the tries, then count as failures.
    for (let i = 0; i < SIGN_IN_FREE_TRIES; i++) expect(typeof (await t.begin('producer1', '10.0.0.1'))).toBe('object');
    expect(await t.begin('producer1', '10.0.0.1')).toBe(SIGN_IN_BUSY_WAIT_MS / 1000);
    clock.advance(SIGN_IN_PENDING_MAX_MS + 1);
    expect(await wait(t)).toBe(Math.ceil((SIGN_IN_FIRST_LOCK_MS - SIGN_IN_PENDING_MAX_MS - 1) / 1000));
  });

  it('forgets a key quiet for an hour (random names cannot fill the table for long)', async () => {
    const clock = testClock();
    const t = await throttle(clock.now);
    for (let i = 0; i < 20; i++) await attempt(t, 'failed', `random-${i}`, `10.6.${i}.6`);
    expect((await db.query('SELECT key FROM sign_in_keys')).length).toBe(40);
    clock.advance(SIGN_IN_STRIKE_MEMORY_MS + 1);
    await attempt(t, 'failed', 'random-new', '10.9.9.9');
    expect((await db.query<{ key: string }>('SELECT key FROM sign_in_keys ORDER BY key')).map((r) => r.key)).toEqual([addressKey('10.9.9.9'), pairKey('random-new', '10.9.9.9')]);
  });

  it('two backends on one database count the same tries (a second process gives no more guesses)', async () => {
    const clock = testClock();
    const one = await throttle(clock.now);
    const two = new SignInThrottle(db, clock.now);
    await Promise.all(Array.from({ length: SIGN_IN_FREE_TRIES }, (_, i) => attempt(i % 2 ? one : two, 'failed')));
    expect(await wait(one)).toBe(SIGN_IN_FIRST_LOCK_MS / 1000);
    expect(await wait(two)).toBe(SIGN_IN_FIRST_LOCK_MS / 1000);
  });
});

describe('over HTTP', () => {
  let dir: string;
  let backend: Backend;
  const clock = testClock(Date.now());
  /** A sign-in, from `from` when given: this backend trusts 127.0.0.1 as its reverse proxy, whose X-Forwarded-For names the client. */
  const tryPassword = (username: string, password: string, from?: string) =>
    fetch(`${backend.url}/usermanager/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(from ? { 'X-Forwarded-For': from } : {}) },
      body: new URLSearchParams({ username, password, grant_type: 'password' }),
    });

  beforeAll(async () => {
    dir = tempDir();
    backend = await startBackend({ dataDir: dir, blankCluster: await blankClusterReady(), janus: false, now: clock.now, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await backend?.close();
    removeDir(dir);
  });

  it('the sixth wrong try in a minute is 429 with Retry-After, even with the right password; after the wait it signs in', async () => {
    for (let i = 0; i < SIGN_IN_FREE_TRIES; i++) expect((await tryPassword('producer2', `wrong-${i}`)).status).toBe(401);
    const locked = await tryPassword('producer2', 'studio');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('60');
    expect(await locked.json()).toEqual({ type: 'unknown', code: 'TOO_MANY_REQUESTS', message: 'Too many sign-in attempts. Try again in 60 seconds.' });
    clock.advance(59_000);
    expect((await tryPassword('producer2', 'studio')).headers.get('retry-after')).toBe('1');
    clock.advance(1_000);
    expect((await tryPassword('producer2', 'studio')).status).toBe(200);
  });

  it('thirty sign-ins sent together, the right password as number 21: five are checked, the rest (the right one too) 429; the owner signs in from their own address', async () => {
    const attacker = '203.0.113.7';
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => tryPassword('producer1', i === 20 ? 'studio' : `guess-${i}`, attacker)));
    const statuses = burst.map((r) => r.status);
    expect(statuses[20]).toBe(429);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_FREE_TRIES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - SIGN_IN_FREE_TRIES);
    // The attacker's address now waits out a first lock (a minute, not pushed towards the hour), whatever the password.
    const after = await tryPassword('producer1', 'studio', attacker);
    expect(after.status).toBe(429);
    expect(after.headers.get('retry-after')).toBe(String(SIGN_IN_FIRST_LOCK_MS / 1000));
    expect((await tryPassword('someone-else', 'x', attacker)).status).toBe(429);
    // The account's owner, from another address, signs in at once.
    expect((await tryPassword('producer1', 'studio', '198.51.100.20')).status).toBe(200);
  });

  it('an unknown name is throttled the same way (no hint that it does not exist)', async () => {
    const answers = [];
    for (let i = 0; i < SIGN_IN_FREE_TRIES + 1; i++) answers.push((await tryPassword('nobody-at-all', 'x')).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    // This address was locked before: its second lock lasts twice as long.
    clock.advance(SIGN_IN_MAX_LOCK_MS);
  });

  it('the token exchange answers a token of the same session that expires with it, never later', async () => {
    const { token } = await signIn(backend.url, 'producer1');
    const exchange = async (t: string) => (await call(`${backend.url}/token-exchange/v1/accesstoken`, { method: 'POST', json: { grantType: 'USER', token: t } })).body as Json;
    let t = token;
    let last = SESSION_TTL_S;
    for (let i = 0; i < 3; i++) {
      const answer = await exchange(t);
      expect(answer.expires_in).toBeLessThanOrEqual(last);
      last = answer.expires_in;
      t = answer.token;
    }
    expect(last).toBeLessThanOrEqual(SESSION_TTL_S);
    // Signing out with the first token ends the exchanged ones too.
    expect((await call(`${backend.url}/usermanager/oauth2/signout`, { method: 'POST', headers: bearer(token) })).status).toBe(200);
    expect((await call(`${backend.url}/usermanager/oauth2/tokenInfo`, { headers: bearer(t) })).status).toBe(401);
    expect((await exchange(t)).code).toBe('UNAUTHORIZED');
  });
});

describe('the client address behind no trusted proxy', () => {
  it('X-Forwarded-For is ignored: a guesser cannot pick a new address for each try', async () => {
    const dir = tempDir();
    const backend = await startBackend({ dataDir: dir, blankCluster: await blankClusterReady(), janus: false });
    try {
      const statuses = [];
      for (let i = 0; i <= SIGN_IN_FREE_TRIES; i++) {
        const res = await fetch(`${backend.url}/usermanager/oauth2/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `203.0.113.${i}` },
          body: new URLSearchParams({ username: 'producer1', password: `guess-${i}`, grant_type: 'password' }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await backend.close();
      removeDir(dir);
    }
  });
});

describe('sign-out and open sockets', () => {
  let dir: string;
  let backend: Backend;
  beforeAll(async () => {
    dir = tempDir();
    backend = await startBackend({ dataDir: dir, blankCluster: await blankClusterReady(), janus: false });
  });
  afterAll(async () => {
    await backend?.close();
    removeDir(dir);
  });

  it('closes the event and studio sockets that session registered (4401), not another session\'s', async () => {
    const base = backend.url;
    const [mine, other] = [await signIn(base, 'producer1'), await signIn(base, 'producer1')];
    const launch = await eventBySharingUrl(base, 'product-launch');
    const channel = await channelOf(base, mine.token, launch.eventId);
    const open = async (token: string) => {
      const ev = await eventSocket(base, { eventId: launch.eventId, accessToken: await eventToken(base, token, launch.eventId), user: { id: mine.userId, name: 'Priya' } });
      await ev.next((m) => m.type === 'guid_assigned');
      const st = await studioSocket(base, { channel: channel.uuid, token });
      await st.next((m) => m.type === 'registered');
      return [ev, st];
    };
    const [myEvent, myStudio] = await open(mine.token);
    const [otherEvent, otherStudio] = await open(other.token);
    expect((await call(`${base}/usermanager/oauth2/signout`, { method: 'POST', headers: bearer(mine.token) })).status).toBe(200);
    expect(await myEvent!.closed()).toBe(4401);
    expect(myEvent!.closeReason).toBe('Signed out');
    expect(await myStudio!.closed()).toBe(4401);
    otherEvent!.send({ type: 'ping' });
    expect(await otherEvent!.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    expect(otherStudio!.closeCode).toBeNull();
    otherEvent!.close();
    otherStudio!.close();
  });
});

describe('npm run backend -- --create-user', () => {
  /** Runs main.ts with `args`, `stdin` written to it; answers its exit code and output. */
  function run(dir: string, args: string[], stdin: string, env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
    const child = spawn('npx', ['tsx', 'src/server/main.ts', ...args], { cwd: REPO_ROOT, env: { ...process.env, PORT: '0', DATA_DIR: dir, STUDIO_JANUS: '0', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.stderr.on('data', (d: Buffer) => (out += String(d)));
    child.stdin.end(stdin);
    return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
  }

  it('production: makes the first user from a password on stdin (not argv); no sample users; the backend then signs them in', async () => {
    const dir = tempDir();
    try {
      const made = await run(dir, ['--create-user', 'ops.admin'], 'a long enough secret\n', { NODE_ENV: 'production' });
      expect(made.out).toContain('User ops.admin created');
      expect(made.code).toBe(0);
      const again = await run(dir, ['--create-user', 'ops.admin'], 'another long secret\n', { NODE_ENV: 'production' });
      expect(again.code).toBe(1);
      expect(again.out).toContain('A user named ops.admin exists already');
      const short = await run(dir, ['--create-user', 'second'], 'short\n', { NODE_ENV: 'production' });
      expect(short.code).toBe(1);
      expect(short.out).toMatch(/A password is 8\.\.1024 characters/);

      const backend = await startBackend({ dataDir: dir, janus: false, production: true });
      try {
        expect(backend.users).toBe(1);
        expect((await signIn(backend.url, 'ops.admin', 'a long enough secret')).token).toEqual(expect.any(String));
        await expect(signIn(backend.url, 'producer1')).rejects.toThrow(/401/);
      } finally {
        await backend.close();
      }
    } finally {
      removeDir(dir);
    }
  });

  it('a production start with no user prints how to make the first one', async () => {
    const dir = tempDir();
    const child = spawn('npx', ['tsx', 'src/server/main.ts'], { cwd: REPO_ROOT, env: { ...process.env, PORT: '0', DATA_DIR: dir, STUDIO_JANUS: '0', NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let text = '';
        const timer = setTimeout(() => reject(new Error(`no hint: ${text}`)), 90_000);
        child.stdout!.on('data', (d: Buffer) => {
          text += String(d);
          if (text.includes('No user exists yet')) {
            clearTimeout(timer);
            resolve(text);
          }
        });
        child.once('exit', () => reject(new Error(`exited: ${text}`)));
      });
      expect(out).toMatch(/Studio backend on http:\/\/127\.0\.0\.1:\d+ \(production\)/);
      expect(out).toContain('Create the first one with: npm run backend -- --create-user NAME');
      expect(out).not.toMatch(/sample users/);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      removeDir(dir);
    }
  });

  it('a development start on a new folder says it made the sample users', async () => {
    const dir = tempDir();
    const child = spawn('npx', ['tsx', 'src/server/main.ts'], { cwd: REPO_ROOT, env: { ...process.env, PORT: '0', DATA_DIR: dir, STUDIO_JANUS: '0', NODE_ENV: 'development' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let text = '';
        const timer = setTimeout(() => reject(new Error(`no notice: ${text}`)), 90_000);
        child.stdout!.on('data', (d: Buffer) => {
          text += String(d);
          if (/Meeting off/.test(text)) {
            clearTimeout(timer);
            resolve(text);
          }
        });
        child.once('exit', () => reject(new Error(`exited: ${text}`)));
      });
      expect(out).toContain('sample users producer1 and producer2 (password "studio")');
      expect(out).not.toContain('No user exists yet');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      removeDir(dir);
    }
  });
});
