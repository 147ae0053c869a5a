/** What each tool panel shows (§2). Tools not listed show their empty state until built. */
import type { ReactNode } from 'react';
import type { Tool } from '../../state/sidePanel';
import type { EventInformation } from '../../state/session';
import { ChatPanel } from '../chat/ChatPanel';
import { GraphicsPanel } from '../graphics/GraphicsPanel';
import { HostChatPanel } from '../hostchat/HostChatPanel';
import { PollPanel } from '../poll/PollPanel';
import { QnaPanel } from '../qna/QnaPanel';
import { RundownPanel } from '../rundown/RundownPanel';
import { PeoplePanel } from '../people/PeoplePanel';
import { SettingsPanel } from '../settings/SettingsPanel';

export function toolBody(tool: Tool, info: EventInformation | null, connected: boolean): ReactNode | null {
  switch (tool) {
    case 'GRAPHICS':
      return <GraphicsPanel />;
    case 'RUNDOWN':
      return <RundownPanel />;
    case 'CHAT':
      return <ChatPanel />;
    case 'HOST CHAT':
      return <HostChatPanel connected={connected} one2OneModChat={!!info?.one2OneModChat} />;
    case 'POLL':
      return <PollPanel />;
    case 'Q&A':
      return <QnaPanel autoApprove={!!info?.qnaAutoApprove} />;
    case 'PEOPLE':
      return <PeoplePanel />;
    case 'SETTINGS':
      return <SettingsPanel />;
    default:
      return null;
  }
}
