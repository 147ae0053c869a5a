/** A browser on an event's attendee page (issue 32): it keeps the cookies the backend sets, as a browser would. */
import { call, TestSocket, wsUrl } from './helpers';

export class AttendeeBrowser {
  cookie = '';
  constructor(
    readonly base: string,
    readonly sharingUrl: string,
  ) {}
  get path() {
    return `/api/studio/audience/${encodeURIComponent(this.sharingUrl)}`;
  }
  async call(suffix: string, init: { method?: string; json?: unknown } = {}) {
    const res = await call(`${this.base}${this.path}${suffix}`, { ...init, headers: this.cookie ? { Cookie: this.cookie } : {} });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!.endsWith('=') ? '' : set.split(';')[0]!;
    return res;
  }
  join(name: string, email?: string, invite?: string) {
    return this.call('/join', { method: 'POST', json: { name, ...(email !== undefined ? { email } : {}), ...(invite !== undefined ? { invite } : {}) } });
  }
  socket() {
    return TestSocket.open(wsUrl(this.base, `${this.path}/socket`), this.cookie ? { Cookie: this.cookie } : undefined);
  }
}
