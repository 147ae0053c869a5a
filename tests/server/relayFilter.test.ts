// @vitest-environment node
/** The `/janus` relay's filter (src/server/janus/relayFilter.ts), one row per request a page may or may not send. */
import { describe, expect, it } from 'vitest';
import { RELAY_HANDLES_MAX, RelayFilter, refusalAnswer, type RelayMember } from '../../src/server/janus/relayFilter';

const ROOM = 'ev-1-2';
const guest: RelayMember = { room: ROOM, participantId: 'guest-abc', token: 'join-token', mayPublish: true };
const output: RelayMember = { room: ROOM, participantId: 'output-123', token: 'out-token', mayPublish: false };
const SESSION = 11;

let tx = 0;
/** A filter with a session and `handles` handles, as Janus answered them. */
function connected(member: RelayMember, handles = 2): RelayFilter {
  const f = new RelayFilter(member);
  const send = (msg: Record<string, unknown>, id: number) => {
    const transaction = `t${++tx}`;
    expect(f.fromPage({ ...msg, transaction })).toBeUndefined();
    f.fromJanus({ janus: 'success', transaction, data: { id } });
  };
  send({ janus: 'create' }, SESSION);
  for (let h = 1; h <= handles; h++) send({ janus: 'attach', session_id: SESSION, plugin: 'janus.plugin.videoroom' }, 100 + h);
  return f;
}
const message = (handle: number, body: Record<string, unknown>, jsep?: unknown) => ({ janus: 'message', transaction: `t${++tx}`, session_id: SESSION, handle_id: handle, body, ...(jsep ? { jsep } : {}) });
const offer = { type: 'offer', sdp: 'v=0' };
const joinAs = (id: string, token = guest.token, room = ROOM) => ({ request: 'join', ptype: 'publisher', room, id, token });

describe('Janus core requests', () => {
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['keepalive on its session', { janus: 'keepalive', session_id: SESSION }, undefined],
    ['another session', { janus: 'keepalive', session_id: 99 }, 'Not this connection\'s session'],
    ['a second session', { janus: 'create' }, 'One session per connection'],
    ['another plugin', { janus: 'attach', session_id: SESSION, plugin: 'janus.plugin.echotest' }, 'Only the VideoRoom plugin'],
    ['server info', { janus: 'info' }, '"info" is not allowed through the studio\'s relay'],
    ['a claim of another session', { janus: 'claim', session_id: 5 }, '"claim" is not allowed through the studio\'s relay'],
    ['a trickle on a handle it never attached', { janus: 'trickle', session_id: SESSION, handle_id: 555, candidate: {} }, 'Not this connection\'s handle'],
    ['a trickle on its handle', { janus: 'trickle', session_id: SESSION, handle_id: 101, candidate: {} }, undefined],
    ['not JSON-RPC at all', { hello: 1 }, 'Not a Janus request'],
  ])('%s', (_name, msg, refusal) => {
    expect(connected(guest).fromPage({ transaction: `t${++tx}`, ...msg })).toBe(refusal);
  });

  it('at most RELAY_HANDLES_MAX handles', () => {
    const f = connected(guest, RELAY_HANDLES_MAX);
    expect(f.fromPage({ janus: 'attach', transaction: 'one-more', session_id: SESSION, plugin: 'janus.plugin.videoroom' })).toBe('Too many handles');
  });

  it('a refusal answers a Janus error with the transaction (the page\'s request fails, it does not hang)', () => {
    expect(refusalAnswer({ janus: 'info', transaction: 'x', session_id: 3 }, 'no')).toEqual({ janus: 'error', transaction: 'x', session_id: 3, error: { code: 403, reason: 'no' } });
  });
});

describe('VideoRoom requests', () => {
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['join as itself with its token', joinAs('guest-abc'), undefined],
    ['join as its screen', joinAs('guest-abc~screen'), undefined],
    ['join as someone else', joinAs('producer-1'), 'A member joins as itself'],
    ['join another room', joinAs('guest-abc', guest.token, 'ev-9-9'), 'Not this member\'s room'],
    ['join with another token', joinAs('guest-abc', 'stolen'), 'Not this member\'s join token'],
    ['subscribe in its room', { request: 'join', ptype: 'subscriber', room: ROOM, streams: [{ feed: 'producer-1' }], private_id: 1 }, undefined],
    ['subscribe in another room', { request: 'join', ptype: 'subscriber', room: 'ev-9-9', streams: [] }, 'Not this member\'s room'],
    ['list rooms', { request: 'list' }, 'VideoRoom "list" is not allowed through the studio\'s relay'],
    ['list participants', { request: 'listparticipants', room: ROOM }, 'VideoRoom "listparticipants" is not allowed through the studio\'s relay'],
    ['create a room', { request: 'create', room: 'mine' }, 'VideoRoom "create" is not allowed through the studio\'s relay'],
    ['destroy the room', { request: 'destroy', room: ROOM }, 'VideoRoom "destroy" is not allowed through the studio\'s relay'],
    ['edit the allowed list', { request: 'allowed', room: ROOM, action: 'add', allowed: ['x'] }, 'VideoRoom "allowed" is not allowed through the studio\'s relay'],
    ['kick someone', { request: 'kick', room: ROOM, id: 'producer-1' }, 'VideoRoom "kick" is not allowed through the studio\'s relay'],
    ['join and publish in one go', { ...joinAs('guest-abc'), request: 'joinandconfigure' }, 'VideoRoom "joinandconfigure" is not allowed through the studio\'s relay'],
    ['publish before joining', { request: 'publish' }, 'This member does not publish'],
  ])('%s', (_name, body, refusal) => {
    expect(connected(guest).fromPage(message(101, body))).toBe(refusal);
  });

  it('a joined publisher publishes, renames and unpublishes; a handle joins once', () => {
    const f = connected(guest);
    expect(f.joined).toBe(false);
    expect(f.fromPage(message(101, joinAs('guest-abc')))).toBeUndefined();
    expect(f.joined).toBe(true);
    expect(f.fromPage(message(101, { request: 'publish' }, offer))).toBeUndefined();
    expect(f.fromPage(message(101, { request: 'configure', display: 'Gina' }))).toBeUndefined();
    expect(f.fromPage(message(101, { request: 'unpublish' }))).toBeUndefined();
    expect(f.fromPage(message(101, joinAs('guest-abc~screen')))).toBe('This handle has joined already');
    expect(f.fromPage(message(102, joinAs('guest-abc'), offer))).toBe('A join carries no media');
  });

  it('a subscriber starts and pauses, but cannot publish on its handle', () => {
    const f = connected(guest);
    expect(f.fromPage(message(102, { request: 'join', ptype: 'subscriber', room: ROOM, streams: [] }))).toBeUndefined();
    expect(f.fromPage(message(102, { request: 'start' }, { type: 'answer', sdp: 'v=0' }))).toBeUndefined();
    expect(f.fromPage(message(102, { request: 'pause' }))).toBeUndefined();
    expect(f.fromPage(message(102, { request: 'publish' }, offer))).toBe('This member does not publish');
  });

  it('the output page joins as itself only and never publishes or configures', () => {
    const f = connected(output);
    expect(f.fromPage(message(101, joinAs('output-123~screen', output.token)))).toBe('A member joins as itself');
    expect(f.fromPage(message(101, joinAs('output-123', output.token)))).toBeUndefined();
    expect(f.fromPage(message(101, { request: 'publish' }, offer))).toBe('This member does not publish');
    expect(f.fromPage(message(101, { request: 'configure', display: 'x' }))).toBe('This member does not publish');
    expect(f.fromPage(message(102, { request: 'join', ptype: 'subscriber', room: ROOM, streams: [{ feed: 'guest-abc' }] }))).toBeUndefined();
  });

  it('a handle Janus says is detached is no longer this socket\'s', () => {
    const f = connected(guest);
    f.fromJanus({ janus: 'detached', sender: 101 });
    expect(f.fromPage(message(101, joinAs('guest-abc')))).toBe('Not this connection\'s handle');
  });
});
