/**
 * The Chat tool (§2 Public chat): PUBLIC and PRIVATE panels (selected tab remembered, §9). The
 * panel on screen marks its messages read (§4: unread counters per chat kind). The §2 views
 * PARTICIPANTS / CHAT belong to the people roster and are not part of this panel.
 */
import { useEffect } from 'react';
import { useChatStore } from '../../state/chat/chatStore';
import { selectAttendeePrivateUnread } from '../../state/chat/selectors';
import { Tabs } from '../../ui/Tabs';
import { usePersistedTab } from '../../ui/usePersistedTab';
import { useNow } from '../../ui/useNow';
import { PrivateChat } from './PrivateChat';
import { PublicChat } from './PublicChat';
import { CHAT_TEXTS as T } from './texts';
import './chat.css';

/** §2 Chat panels. */
export type ChatPanelTab = 'PUBLIC' | 'PRIVATE';
export const CHAT_PANEL_TABS: readonly ChatPanelTab[] = ['PUBLIC', 'PRIVATE'];

export interface ChatPanelProps {
  /** The time source of relative times ('2 min ago'); injectable for tests. */
  clock?: () => number;
}

export function ChatPanel({ clock }: ChatPanelProps) {
  const [tab, setTab] = usePersistedTab<ChatPanelTab>('chat', CHAT_PANEL_TABS, 'PUBLIC');
  const publicUnread = useChatStore((s) => s.unread.public);
  const privateUnread = useChatStore(selectAttendeePrivateUnread);
  const now = useNow(clock);

  useEffect(() => {
    const { setViewing } = useChatStore.getState();
    setViewing('public', tab === 'PUBLIC');
    setViewing('private', tab === 'PRIVATE');
    return () => {
      setViewing('public', false);
      setViewing('private', false);
    };
  }, [tab]);

  return (
    <div className="chat-panel">
      <Tabs
        label={T.tabsLabel}
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'PUBLIC', label: T.tabPublic, count: publicUnread },
          { value: 'PRIVATE', label: T.tabPrivate, count: privateUnread },
        ]}
      >
        {tab === 'PUBLIC' ? <PublicChat now={now} /> : <PrivateChat now={now} />}
      </Tabs>
    </div>
  );
}
