// @vitest-environment node
/**
 * The audience takes part (issue 32): a raised hand reaches the producers and a moderator invites the
 * attendee on stage through their own guest invite (lowering the hand, leaving or a removal retires
 * it); invited-only events admit only personal links, one person per link, revocable; the
 * moderators' banner and the attendee count reach attendee pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/server/server';
import { INVITED_ONLY_TEXT, INVITE_REVOKED_TEXT } from '../../src/server/audience/invites';
import { HAND_RATE } from '../../src/server/audience/hands';
import { AttendeeBrowser, moderatorOfLaunch } from './attendeeBrowser';
import { backendOn, bearer, call, channelOf, producer, removeDir, tempDir, type Json, type TestSocket } from './helpers';
import { createTemplate, templateToAttributes } from '../../compositor/templates/schemas';

let backend: Backend;
let dir: string;
let base: string;
let launch: Json;
let token: string;
let studio: TestSocket;
let moderatorGuid: string;
let userToken: string;
const api = (path: string) => `${base}/ptapi/api/${path}`;
const moderator = (path: string) => api(`eventuser/v1/events/${launch.eventId}/instance/${launch.instanceId}/moderator/${moderatorGuid}/${path}`);
const audienceAdmin = (path: string) => api(`eventuser/v1/events/${launch.eventId}/audience/${path}`);
const asModerator = (url: string, init: { method?: string; json?: unknown } = {}) => call(url, { ...init, headers: bearer(token) });
const page = () => new AttendeeBrowser(base, launch.sharingUrl);
const settings = (json: Record<string, unknown>) => call(`${base}/__test/event/${launch.eventId}/settings`, { method: 'POST', json });

/** An attendee joined with their page's socket open (so they are present). */
async function present(name: string): Promise<{ browser: AttendeeBrowser; socket: TestSocket; id: string }> {
  const browser = page();
  expect((await browser.join(name)).status).toBe(200);
  const socket = await browser.socket();
  const id = (await socket.next((m) => m.type === 'joined')).attendee.id;
  return { browser, socket, id };
}

const handsPush = (match: (hands: Json[], count: number) => boolean) =>
  studio.next((m) => m.type === 'msg' && m.msg.type === 'Event_Attendees' && Array.isArray(m.msg.hands) && match(m.msg.hands, m.msg.handCount));

beforeAll(async () => {
  dir = tempDir();
  backend = await backendOn(dir, { faults: true, janus: false });
  base = backend.url;
  ({ userToken, launch, token, studio, moderatorGuid } = await moderatorOfLaunch(base));
});
afterAll(async () => {
  studio?.close();
  await backend?.close();
  removeDir(dir);
});

describe('raised hands and the stage', () => {
  it('a hand is refused while the event does not allow hands; raised, the producers see it; the attendee is invited on stage with their own invite, which lowering retires', async () => {
    await settings({ raiseHandEnabled: false });
    const ann = await present('Ann Hand');
    expect(((await ann.browser.call('')).body as Json).raiseHandEnabled).toBe(false);
    expect((await ann.browser.call('/hand', { method: 'POST', json: { raised: true } })).status).toBe(403);
    await settings({ raiseHandEnabled: true });
    expect((await asModerator(moderator(`attendee/${ann.id}/stage`), { method: 'POST' })).status).toBe(409); // no hand raised

    const raised = await ann.browser.call('/hand', { method: 'POST', json: { raised: true } });
    expect(raised.body).toEqual({ raised: true, stageInvite: null });
    await handsPush((hands) => hands.some((h) => h.id === ann.id && h.name === 'Ann Hand' && !h.invited));
    expect(((await ann.browser.call('')).body as Json).hand).toEqual({ raised: true, stageInvite: null });

    // Invite on stage: the attendee alone is told, with their own guest invite.
    expect((await asModerator(moderator(`attendee/${ann.id}/stage`), { method: 'POST' })).status).toBe(200);
    const told = await ann.socket.next((m) => m.type === 'hand' && typeof m.stageInvite === 'string');
    await handsPush((hands) => hands.some((h) => h.id === ann.id && h.invited));
    const guest = await call(`${base}/api/studio/guest/${told.stageInvite}`);
    expect(guest.body).toMatchObject({ eventId: launch.eventId, attendee: { name: 'Ann Hand', sharingUrl: launch.sharingUrl } });
    // The event's own invite link is not theirs: rotating it leaves theirs working.
    const eventInvite = (await asModerator(`${base}/api/studio/meeting/${launch.eventId}/invite`)).body as Json;
    expect(eventInvite.inviteToken).not.toBe(told.stageInvite);
    await asModerator(`${base}/api/studio/meeting/${launch.eventId}/invite/rotate`, { method: 'POST' });
    expect((await call(`${base}/api/studio/guest/${told.stageInvite}`)).status).toBe(200);

    // A moderator lowers the hand: the invitation is withdrawn, the invite stops working.
    expect((await asModerator(moderator(`attendee/${ann.id}/hand`), { method: 'PUT', json: { raised: false } })).status).toBe(200);
    await ann.socket.next((m) => m.type === 'hand' && m.raised === false);
    await handsPush((hands) => !hands.some((h) => h.id === ann.id));
    expect((await call(`${base}/api/studio/guest/${told.stageInvite}`)).status).toBe(404);
    expect(((await ann.browser.call('')).body as Json).hand).toEqual({ raised: false, stageInvite: null });
    ann.socket.close();
  });

  it('raising and lowering is limited per attendee; a removal retires the invitation; a moderator cannot raise a hand', async () => {
    const bo = await present('Bo Hands');
    const statuses: number[] = [];
    for (let i = 0; i <= HAND_RATE.capacity; i++) statuses.push((await bo.browser.call('/hand', { method: 'POST', json: { raised: i % 2 === 0 } })).status);
    expect(statuses.slice(0, HAND_RATE.capacity).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await asModerator(moderator(`attendee/${bo.id}/hand`), { method: 'PUT', json: { raised: true } })).status).toBe(400);

    const cy = await present('Cy Stage');
    await cy.browser.call('/hand', { method: 'POST', json: { raised: true } });
    await asModerator(moderator(`attendee/${cy.id}/stage`), { method: 'POST' });
    const invite = (await cy.socket.next((m) => m.type === 'hand' && typeof m.stageInvite === 'string')).stageInvite;
    expect((await asModerator(moderator(`moderator/kickout/attendee/${cy.id}`), { method: 'DELETE' })).status).toBe(200);
    await cy.socket.next((m) => m.type === 'attendee.removed');
    expect((await call(`${base}/api/studio/guest/${invite}`)).status).toBe(404);
    bo.socket.close();
  });
});

describe('invited-only events', () => {
  it('admit only personal links (anyone else is told why); a link is one person, taken over by a second browser; revoked, it admits nobody and its attendee is removed', async () => {
    expect((await asModerator(audienceAdmin('settings'), { method: 'PUT', json: { invitedOnly: true } })).body).toMatchObject({ invitedOnly: true });
    try {
      const stranger = page();
      expect(((await stranger.call('')).body as Json).invitedOnly).toBe(true);
      const refused = await stranger.join('Gatecrasher');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'INVITED_ONLY', message: INVITED_ONLY_TEXT });

      expect((await asModerator(audienceAdmin('invites'), { method: 'POST', json: { name: '  ' } })).status).toBe(400);
      expect((await asModerator(audienceAdmin('invites'), { method: 'POST', json: { name: '<b>'.repeat(20_000) } })).status).toBe(400);
      const link = (await asModerator(audienceAdmin('invites'), { method: 'POST', json: { name: 'Dana <i>Guest</i>' } })).body as Json;
      expect(link).toMatchObject({ name: 'Dana Guest', revoked: false, used: false, token: expect.any(String) });
      // The moderators can copy it again: the list derives the same link.
      expect(((await asModerator(audienceAdmin('invites'))).body as Json[]).find((i) => i.id === link.id)?.token).toBe(link.token);

      const laptop = page();
      expect(((await laptop.call(`?invite=${encodeURIComponent(link.token)}`)).body as Json).invite).toEqual({ name: 'Dana Guest' });
      expect((await laptop.join('Dana', undefined, link.token)).status).toBe(200);
      const first = await laptop.socket();
      const dana = (await first.next((m) => m.type === 'joined')).attendee.id;
      // The same link on a phone: the same attendee; the laptop's session ends.
      const phone = page();
      const again = await phone.join('Dana (phone)', undefined, link.token);
      expect((again.body as Json).attendee.id).toBe(dana);
      expect(await first.closed()).toBeGreaterThan(0);
      expect(((await laptop.call('')).body as Json).attendee).toBeNull();
      const second = await phone.socket();
      await second.next((m) => m.type === 'joined');

      expect((await asModerator(audienceAdmin(`invites/${link.id}`), { method: 'DELETE' })).status).toBe(200);
      await second.next((m) => m.type === 'attendee.removed');
      const revoked = await page().join('Dana', undefined, link.token);
      expect(revoked.body).toMatchObject({ code: 'INVITED_ONLY', message: INVITE_REVOKED_TEXT });
      expect(((await asModerator(audienceAdmin('invites'))).body as Json[]).find((i) => i.id === link.id)).toMatchObject({ revoked: true, used: true });
      expect((await asModerator(audienceAdmin('invites/nope'), { method: 'DELETE' })).status).toBe(404);
    } finally {
      await asModerator(audienceAdmin('settings'), { method: 'PUT', json: { invitedOnly: false } });
    }
  });
});

describe('what the moderators show the audience', () => {
  it('a banner reaches every attendee page (the text rule on it) and an empty one takes it down; the count shows when the moderators choose', async () => {
    const eve = await present('Eve Banner');
    const banner = await asModerator(api(`manager/v1/events/${launch.eventId}/manage/banner`), { method: 'POST', json: { bannerMessage: 'Q&A starts <b>now</b>' } });
    expect(banner.status).toBe(200);
    await eve.socket.next((m) => m.type === 'banner' && m.message === 'Q&A starts now');
    expect(((await eve.browser.call('')).body as Json).banner).toBe('Q&A starts now');
    await asModerator(api(`manager/v1/events/${launch.eventId}/manage/banner`), { method: 'POST', json: { bannerMessage: '' } });
    await eve.socket.next((m) => m.type === 'banner' && m.message === null);

    expect(((await eve.browser.call('')).body as Json).attendeeCount).toBeNull();
    expect((await asModerator(audienceAdmin('settings'), { method: 'PUT', json: { showAttendeeCount: 'yes' } })).status).toBe(400);
    await asModerator(audienceAdmin('settings'), { method: 'PUT', json: { showAttendeeCount: true } });
    const shown = await eve.socket.next((m) => m.type === 'settings' && typeof m.attendeeCount === 'number');
    expect(shown.attendeeCount).toBeGreaterThanOrEqual(1);
    expect(((await eve.browser.call('')).body as Json).attendeeCount).toBeGreaterThanOrEqual(1);
    await asModerator(audienceAdmin('settings'), { method: 'PUT', json: { showAttendeeCount: false } });
    await eve.socket.next((m) => m.type === 'settings' && m.attendeeCount === null);
    eve.socket.close();
  });

  it('the public message a moderator puts on stream is named to every attendee page (and on the page’s first read); taken off, null', async () => {
    const fay = await present('Fay Stream');
    const channel = await channelOf(base, userToken, launch.eventId);
    const chat = templateToAttributes(createTemplate('CHAT', { id: 'message-7', primaryText: 'Great show', secondaryText: 'Fay Stream' }));
    const put = (seq: number, value: unknown) => call(`${base}/api/studio/channel/${channel.uuid}`, { method: 'PUT', headers: producer(userToken), json: { sync: { origin: 'stream-test', seq, changes: { chat: value } } } });
    expect((await put(1, chat)).status).toBe(200);
    await fay.socket.next((m) => m.type === 'chat.onStream' && m.id === 'message-7');
    expect(((await fay.browser.call('')).body as Json).onStreamMessageId).toBe('message-7');
    expect((await put(2, null)).status).toBe(200);
    await fay.socket.next((m) => m.type === 'chat.onStream' && m.id === null);
    // The page's accents follow the channel's brand colour.
    const branded = await call(`${base}/api/studio/channel/${channel.uuid}`, { method: 'PUT', headers: producer(userToken), json: { sync: { origin: 'stream-test', seq: 3, changes: { 'brand:primaryColor': '#AA3300' } } } });
    expect(branded.status).toBe(200);
    expect(((await fay.browser.call('')).body as Json).brandColor).toBe('#AA3300');
    fay.socket.close();
  });
});
