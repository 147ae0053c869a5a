/** The side navigation's tools (§2), in order, with what decides whether each is offered. */
import { BarChart3, LayoutTemplate, ListVideo, MessageCircleQuestion, MessageSquare, MessagesSquare, Settings, Users, type LucideIcon } from 'lucide-react';
import type { EventInformation } from '../../state/session';
import type { Tool } from '../../state/sidePanel';

export interface ToolEntry {
  tool: Tool;
  title: string;
  icon: LucideIcon;
  /** What the moderator finds in the panel; the tooltip and the panel's empty state use it. */
  hint: string;
  offered(info: EventInformation | null): boolean;
}

const always = () => true;

export const TOOLS: readonly ToolEntry[] = [
  { tool: 'GRAPHICS', title: 'Graphics', icon: LayoutTemplate, hint: 'Brand, logos, lower thirds, tickers, images, videos and backgrounds', offered: always },
  { tool: 'RUNDOWN', title: 'Rundown', icon: ListVideo, hint: 'Scenes in show order: save the stage as a scene, then run the show with NEXT', offered: always },
  { tool: 'CHAT', title: 'Chat', icon: MessageSquare, hint: 'Public chat with your audience', offered: (i) => !!i?.chatEnabled },
  { tool: 'POLL', title: 'Poll', icon: BarChart3, hint: 'Create, run and end polls', offered: always },
  { tool: 'Q&A', title: 'Q&A', icon: MessageCircleQuestion, hint: 'Questions from your audience', offered: (i) => !!i?.qnaEnabled },
  { tool: 'HOST CHAT', title: 'Host Chat', icon: MessagesSquare, hint: 'Backstage, moderator group and direct messages', offered: always },
  { tool: 'PEOPLE', title: 'People', icon: Users, hint: 'Presenters and attendees', offered: always },
  { tool: 'SETTINGS', title: 'Settings', icon: Settings, hint: 'General, camera and audio settings', offered: always },
];

export function offeredTools(info: EventInformation | null): ToolEntry[] {
  return TOOLS.filter((t) => t.offered(info));
}
