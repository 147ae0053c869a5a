/**
 * The Q&A upvote storm of benchmarks/audience.mjs (issue 32): an attendee asks, the moderator publishes
 * the question, and every attendee upvotes it within `windowMs`. Measures upvote → the studio's count
 * (when the studio's pushed Event_QnA `upvote` first reaches it), the pushes that took (coalesced:
 * QNA_UPVOTES_PUSH_MS), and upvotes lost (accepted, yet never in the studio's last count).
 */
import { dist } from './backend-harness.mjs';

export async function upvoteStorm({ call, base, audienceApi, bearer, eventId, attendees, studioFrames, windowMs, settleMs = 2000 }) {
  const asker = attendees[0];
  const asked = await call(base, `${audienceApi}/qna`, { method: 'POST', headers: { Cookie: asker.cookie, ...asker.headers }, json: { content: 'Will there be a recording?' } });
  if (asked.status !== 200) throw new Error(`ask: ${asked.status} ${JSON.stringify(asked.body)}`);
  const id = asked.body.question.id;
  const published = await call(base, `/ptapi/api/chat/v1/events/${eventId}/qna/question/${id}`, { method: 'PUT', headers: bearer, json: { approve: true } });
  if (published.status !== 200) throw new Error(`publish: ${published.status}`);
  const sentAt = [];
  const upvotes = [];
  const gap = windowMs / attendees.length;
  for (const a of attendees) {
    sentAt.push(performance.now());
    upvotes.push(call(base, `${audienceApi}/qna/${id}/upvote`, { method: 'POST', headers: { Cookie: a.cookie, ...a.headers }, json: {} }));
    await new Promise((r) => setTimeout(r, gap));
  }
  const statuses = (await Promise.all(upvotes)).map((r) => r.status);
  await new Promise((r) => setTimeout(r, settleMs));
  const counts = studioFrames
    .filter(({ f }) => f.type === 'msg' && f.msg.type === 'Event_QnA' && f.msg.qna.type === 'upvote' && f.msg.qna.id === id)
    .map(({ at, f }) => ({ at, total: f.msg.qna.upvoteCount }));
  // Upvote n reaches the studio's count with the first push whose count is at least n.
  const toCount = sentAt.map((at, n) => (counts.find((c) => c.total >= n + 1)?.at ?? NaN) - at).filter(Number.isFinite);
  const accepted = statuses.filter((s) => s === 200).length;
  return { upvotes: attendees.length, accepted, upvoteToStudioCountMs: dist(toCount), studioPushes: counts.length, lost: accepted - (counts.at(-1)?.total ?? 0) };
}
