/**
 * The Host Chat tool (§2 Host chat): Backstage, Moderator Group and Direct Message tabs, the
 * selected one remembered locally. Before the meeting connects it shows only 'Waiting for the
 * Meeting to be connected.' Tab counts are the unread messages of each (§2: the tool's own counter
 * in the side navigation is backstage plus moderator unread).
 */
import { MessagesSquare } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useChatStore } from '../../state/chat/chatStore';
import { buildConversations } from '../../state/chat/rules';
import { Tabs } from '../../ui/Tabs';
import { usePersistedTab } from '../../ui/usePersistedTab';
import { useNow } from '../../ui/useNow';
import { DirectMessages } from './DirectMessages';
import { GroupChat } from './GroupChat';
import { HOST_CHAT_TEXTS as T } from './texts';
import '../chat/chat.css';
import './hostchat.css';

/** §2 Host chat tabs. */
export type HostChatTab = 'BACKSTAGE' | 'MODERATOR' | 'DIRECT';
export const HOST_CHAT_TABS: readonly HostChatTab[] = ['BACKSTAGE', 'MODERATOR', 'DIRECT'];

export interface HostChatPanelProps {
  /** The meeting is connected (§4 Meeting connection CONNECTED). */
  connected: boolean;
  /** §3 Event information one2OneModChat: direct messages with attendees allowed (§6). */
  one2OneModChat: boolean;
  /** The time source of relative times; injectable for tests. */
  clock?: () => number;
}

export function HostChatPanel({ connected, one2OneModChat, clock }: HostChatPanelProps) {
  const [tab, setTab] = usePersistedTab<HostChatTab>('hostchat', HOST_CHAT_TABS, 'BACKSTAGE');
  const unread = useChatStore((s) => s.unread);
  const { privateMessages, contacts, selfGuid } = useChatStore(
    useShallow((s) => ({ privateMessages: s.messages.private, contacts: s.contacts, selfGuid: s.self?.guid ?? null })),
  );
  const directUnread = useMemo(
    () => buildConversations(privateMessages, contacts, { one2OneModChat, selfGuid }).reduce((n, c) => n + c.unread, 0),
    [privateMessages, contacts, one2OneModChat, selfGuid],
  );
  const now = useNow(clock);
  // "Chat with guest" elsewhere (People) opened a conversation: show the Direct Message tab.
  const revealPending = useChatStore((s) => s.direct.revealPending);
  useEffect(() => {
    if (!revealPending || !connected) return;
    setTab('DIRECT');
    useChatStore.getState().revealHandled();
  }, [revealPending, connected, setTab]);

  if (!connected)
    return (
      <div className="hostchat-panel">
        <div className="empty-state hostchat-waiting">
          <MessagesSquare size={40} aria-hidden />
          <p>{T.waitingForMeeting}</p>
        </div>
      </div>
    );

  return (
    <div className="hostchat-panel">
      <Tabs
        label={T.tabsLabel}
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'BACKSTAGE', label: T.tabBackstage, count: unread.backstage },
          { value: 'MODERATOR', label: T.tabModerators, count: unread.moderator },
          { value: 'DIRECT', label: T.tabDirect, count: directUnread },
        ]}
      >
        {tab === 'BACKSTAGE' && <GroupChat key="backstage" kind="backstage" label={T.backstageLabel} emptyText={T.noBackstage} now={now} />}
        {tab === 'MODERATOR' && <GroupChat key="moderator" kind="moderator" label={T.moderatorsLabel} emptyText={T.noModerators} now={now} />}
        {tab === 'DIRECT' && <DirectMessages one2OneModChat={one2OneModChat} now={now} />}
      </Tabs>
    </div>
  );
}
