/** A browser on an event's attendee page (issue 32): it keeps the cookies the backend sets, as a browser would. */
import { call, eventBySharingUrl, eventSocket, eventToken, signIn, TestSocket, wsUrl, type Json } from './helpers';

export class AttendeeBrowser {
  cookie = '';
  constructor(
    readonly base: string,
    readonly sharingUrl: string,
  ) {}
  get path() {
    return `/api/studio/audience/${encodeURIComponent(this.sharingUrl)}`;
  }
  async call(suffix: string, init: { method?: string; json?: unknown; path?: string } = {}) {
    const res = await call(`${this.base}${init.path ?? this.path}${suffix}`, { ...init, headers: this.cookie ? { Cookie: this.cookie } : {} });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!.endsWith('=') ? '' : set.split(';')[0]!;
    return res;
  }
  join(name: string, email?: string, invite?: string) {
    return this.call('/join', { method: 'POST', json: { name, ...(email !== undefined ? { email } : {}), ...(invite !== undefined ? { invite } : {}) } });
  }
  ask(content: string, anonymous?: boolean) {
    return this.call('/qna', { method: 'POST', json: { content, ...(anonymous !== undefined ? { anonymous } : {}) } });
  }
  upvote(id: string) {
    return this.call(`/qna/${encodeURIComponent(id)}/upvote`, { method: 'POST', json: {} });
  }
  socket() {
    return TestSocket.open(wsUrl(this.base, `${this.path}/socket`), this.cookie ? { Cookie: this.cookie } : undefined);
  }
}

/** A joined attendee with an open socket (its `joined` frame received). */
export async function joinedAttendee(base: string, sharingUrl: string, name: string): Promise<{ page: AttendeeBrowser; socket: TestSocket; id: string }> {
  const page = new AttendeeBrowser(base, sharingUrl);
  const joined = await page.join(name);
  if (joined.status !== 200) throw new Error(`join failed: ${joined.status}`);
  const socket = await page.socket();
  const id = (await socket.next((m) => m.type === 'joined')).attendee.id as string;
  return { page, socket, id };
}

/** The moderator's side of the audience's server tests: producer1 with an event token and the studio's event socket on 'Product Launch Live'. */
export interface LaunchModerator {
  userToken: string;
  userId: string;
  launch: Json;
  token: string;
  studio: TestSocket;
  moderatorGuid: string;
}

export async function moderatorOfLaunch(base: string): Promise<LaunchModerator> {
  const p1 = await signIn(base, 'producer1');
  const launch = await eventBySharingUrl(base, 'product-launch');
  const token = await eventToken(base, p1.token, launch.eventId);
  const studio = await eventSocket(base, { eventId: launch.eventId, accessToken: token, user: { id: p1.userId, name: 'Priya Patel' } });
  const moderatorGuid = (await studio.next((m) => m.type === 'guid_assigned')).guid as string;
  return { userToken: p1.token, userId: p1.userId, launch, token, studio, moderatorGuid };
}
