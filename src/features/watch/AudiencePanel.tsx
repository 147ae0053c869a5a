/**
 * The attendee's side of the event page (issue 32): beside the player (below it on a phone), the
 * public chat and, when the event allows it, a private conversation with the moderators, each tab
 * with its unread count; who this attendee is, and "Leave event". The composer is the studio's
 * (Enter sends, the emoji picker, 500 characters, the §9 rate-limit notice).
 */
import { useState } from 'react';
import type { AttendeeChatTarget } from '../../lib/audienceContract';
import type { AttendeeSession } from '../../services/watch/attendeeSession';
import { attendeeActions, tabOf, useAttendeeStore } from '../../state/attendee/attendeeStore';
import { Tabs } from '../../ui/Tabs';
import { useNow } from '../../ui/useNow';
import { ComposerForm, RateLimitNotice } from '../chat/Composer';
import { MessageList } from '../chat/MessageList';
import '../chat/chat.css';
import { HandButton, HandNotice } from './AudienceHand';
import { AudiencePollView } from './AudiencePoll';
import { AudienceQna } from './AudienceQna';
import { WATCH_TEXTS as T } from './texts';

function AudienceChat({ session, tab }: { session: AttendeeSession; tab: AttendeeChatTarget }) {
  const messages = useAttendeeStore((s) => s.messages);
  const draft = useAttendeeStore((s) => s.drafts[tab]);
  const retryAfter = useAttendeeStore((s) => s.retryAfter);
  const [failed, setFailed] = useState(false);
  const now = useNow();
  const shown = messages.filter((m) => tabOf(m) === tab);
  const send = async (raw: string) => {
    const sent = await session.send(raw, tab);
    setFailed(!sent && useAttendeeStore.getState().retryAfter === 0);
    return sent;
  };
  return (
    <div className="audience-chat">
      <MessageList messages={shown} label={T.chatLabel[tab]} now={now} emptyText={tab === 'public' ? T.emptyChat : T.emptyModerators} />
      {failed && (
        <p className="field-error audience-send-error" role="alert">
          {T.notSent}
        </p>
      )}
      {retryAfter > 0 ? (
        <RateLimitNotice seconds={retryAfter} />
      ) : (
        <ComposerForm
          key={tab}
          draft={draft}
          drafts={{ current: () => useAttendeeStore.getState().drafts[tab], set: (text) => attendeeActions.setDraft(tab, text) }}
          send={send}
          placeholder={T.placeholder[tab]}
        />
      )}
    </div>
  );
}

export function AudiencePanel({ session }: { session: AttendeeSession }) {
  const page = useAttendeeStore((s) => s.page);
  const me = useAttendeeStore((s) => s.me);
  const tab = useAttendeeStore((s) => s.tab);
  const unread = useAttendeeStore((s) => s.unread);
  if (!page || !me) return null;
  const tabs = [
    { value: 'public' as const, label: T.tabs.public, count: unread.public },
    ...(page.one2OneModChat ? [{ value: 'moderators' as const, label: T.tabs.moderators, count: unread.moderators }] : []),
    ...(page.qnaEnabled ? [{ value: 'qna' as const, label: T.tabs.qna, count: unread.qna }] : []),
    { value: 'polls' as const, label: T.tabs.polls, count: unread.polls },
  ];
  return (
    <section className="audience-panel" aria-label={T.audience}>
      <header className="audience-me">
        <span className="audience-name">{T.joinedAs(me.name)}</span>
        <HandButton session={session} />
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void session.leave()}>
          {T.leave}
        </button>
      </header>
      <HandNotice session={session} />
      <Tabs label={T.audience} tabs={tabs} value={tab} onChange={attendeeActions.showTab}>
        {tab === 'polls' ? (
          <AudiencePollView session={session} />
        ) : tab === 'qna' ? (
          page.qnaEnabled ? <AudienceQna session={session} /> : <p className="audience-hint">{T.qna.qnaOff}</p>
        ) : page.chatEnabled ? (
          <AudienceChat session={session} tab={tab} />
        ) : (
          <p className="audience-hint">{T.chatOff}</p>
        )}
      </Tabs>
    </section>
  );
}
