// @vitest-environment node
/** The `/janus` relay's filter (src/server/janus/relayFilter.ts), one row per request a page may or may not send. */
import { describe, expect, it } from 'vitest';
import { RELAY_DISPLAY_MAX, RELAY_HANDLES_MAX, RelayFilter, refusalAnswer, REQUEST_FIELDS, type RelayMember } from '../../src/server/janus/relayFilter';

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
    expect(f.fromPage(message(102, joinAs('guest-abc'), offer))).toBe('This request carries no media');
  });

  /** A filter whose handle 101 joined as the guest's publisher and 102 as a subscriber. */
  const joined = () => {
    const f = connected(guest);
    expect(f.fromPage(message(101, joinAs('guest-abc')))).toBeUndefined();
    expect(f.fromPage(message(102, { request: 'join', ptype: 'subscriber', room: ROOM, streams: [{ feed: 'producer-1' }] }))).toBeUndefined();
    return f;
  };
  const notSent = (field: string, request: string) => `"${field}" is not a field the studio sends with "${request}"`;

  // The report: a guest's `publish { record: true, filename }` made Janus write a file where it chose.
  it.each<[string, number, Record<string, unknown>, unknown, string | undefined]>([
    ['publish as the studio sends it', 101, { request: 'publish', display: 'Gina' }, offer, undefined],
    ['publish with record and a filename', 101, { request: 'publish', record: true, filename: '/tmp/x/written-by-guest' }, offer, notSent('record', 'publish')],
    ['publish with only a filename', 101, { request: 'publish', filename: '/tmp/x/written-by-guest' }, offer, notSent('filename', 'publish')],
    ['publish with the room secret', 101, { request: 'publish', secret: 'guess' }, offer, notSent('secret', 'publish')],
    ['publish with a bitrate', 101, { request: 'publish', bitrate: 1 }, offer, notSent('bitrate', 'publish')],
    ['publish with a 300-character display', 101, { request: 'publish', display: 'x'.repeat(RELAY_DISPLAY_MAX + 1) }, offer, `display must be a text of at most ${RELAY_DISPLAY_MAX} characters`],
    ['publish with an answer instead of an offer', 101, { request: 'publish' }, { type: 'answer', sdp: 'v=0' }, "The media description must be { type: 'offer', sdp }"],
    ['publish with an SDP asking for more than media', 101, { request: 'publish' }, { ...offer, e2ee: true }, "The media description must be { type: 'offer', sdp }"],
    ['configure as the studio sends it', 101, { request: 'configure', display: 'Gina' }, undefined, undefined],
    ['configure recording on', 101, { request: 'configure', record: true }, undefined, notSent('record', 'configure')],
    ['configure with a filename', 101, { request: 'configure', filename: 'x' }, undefined, notSent('filename', 'configure')],
    ['configure with media', 101, { request: 'configure' }, offer, 'This request carries no media'],
    ['rtp_forward (an RTP copy to any host)', 101, { request: 'rtp_forward', room: ROOM, host: '10.0.0.1' }, undefined, 'VideoRoom "rtp_forward" is not allowed through the studio\'s relay'],
    ['enable_recording of the room', 101, { request: 'enable_recording', room: ROOM, record: true }, undefined, 'VideoRoom "enable_recording" is not allowed through the studio\'s relay'],
    ['a request named like a join kind', 101, { request: 'join:publisher' }, undefined, 'VideoRoom "join:publisher" is not allowed through the studio\'s relay'],
    ['unpublish with a secret', 101, { request: 'unpublish', secret: 'x' }, undefined, notSent('secret', 'unpublish')],
    ['leave with anything more', 101, { request: 'leave', reason: 'x' }, undefined, notSent('reason', 'leave')],
    ['start with its answer', 102, { request: 'start' }, { type: 'answer', sdp: 'v=0' }, undefined],
    ['start with a simulcast choice', 102, { request: 'start', substream: 2 }, undefined, notSent('substream', 'start')],
    ['pause with media', 102, { request: 'pause' }, offer, 'This request carries no media'],
  ])('%s', (_name, handle, body, jsep, refusal) => {
    expect(joined().fromPage(message(handle, body, jsep))).toBe(refusal);
  });

  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['a publisher join with record', { ...joinAs('guest-abc'), record: true, filename: '/tmp/x/y' }, notSent('record', 'join')],
    ['a publisher join with a secret', { ...joinAs('guest-abc'), secret: 'guess' }, notSent('secret', 'join')],
    ['a publisher join with a pin', { ...joinAs('guest-abc'), pin: '1234' }, notSent('pin', 'join')],
    ['a subscriber join with a stream of another shape', { request: 'join', ptype: 'subscriber', room: ROOM, streams: [{ feed: 'producer-1', mid: '0', send: true }] }, 'streams must be a list of { feed }'],
    ['a subscriber join with a private id that is not a number', { request: 'join', ptype: 'subscriber', room: ROOM, streams: [], private_id: 'x' }, 'private_id must be a whole number'],
    ['a subscriber join with a token field', { request: 'join', ptype: 'subscriber', room: ROOM, streams: [], token: 'x' }, notSent('token', 'join')],
    ['a join of another ptype', { request: 'join', ptype: 'listener', room: ROOM }, 'ptype must be publisher or subscriber'],
  ])('%s', (_name, body, refusal) => {
    expect(connected(guest).fromPage(message(101, body))).toBe(refusal);
  });

  it('every field the studio\'s pages send is allowed, and nothing that records, forwards or holds a secret', () => {
    const all = Object.values(REQUEST_FIELDS).flat();
    for (const field of ['record', 'filename', 'rec_dir', 'rtp_forward', 'secret', 'admin_key', 'bitrate', 'pin', 'allowed']) expect(all).not.toContain(field);
    expect(REQUEST_FIELDS['join:publisher']).toEqual(['request', 'ptype', 'room', 'id', 'display', 'token']);
    expect(REQUEST_FIELDS.publish).toEqual(['request', 'display']);
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
