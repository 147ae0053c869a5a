/**
 * §2 left side navigation: one button per offered tool with its counter; clicking the selected
 * tool deselects it. Arrow keys move between tools (a toolbar, per WAI-ARIA).
 */
import { useRef } from 'react';
import { selectHostChatUnread } from '../../state/chat/selectors';
import { useChatStore } from '../../state/chat/chatStore';
import { unseenPollCount, usePollStore } from '../../state/polls/pollStore';
import { unseenQuestionCount, useQnaStore } from '../../state/qna/qnaStore';
import { useScreenStore } from '../../state/screenStore';
import { useMeetingStore } from '../../state/meetingStore';
import { usePeopleStore } from '../../state/people/peopleStore';
import type { Tool } from '../../state/sidePanel';
import { Tooltip } from '../../ui/Tooltip';
import { offeredTools } from './tools';

/** §2 counters, derived from the stores that own the polls, questions and messages. */
function useCounters(): Partial<Record<Tool, number>> {
  return {
    POLL: usePollStore(unseenPollCount),
    'Q&A': useQnaStore(unseenQuestionCount),
    'HOST CHAT': useChatStore(selectHostChatUnread),
    // Issue 32: raised hands wait for a moderator.
    PEOPLE: usePeopleStore((s) => s.handCount),
  };
}

export function SideNav() {
  const selected = useScreenStore((s) => s.selectedTool);
  const toggleTool = useScreenStore((s) => s.toggleTool);
  const info = useMeetingStore((s) => s.eventInformation);
  const counters = useCounters();
  const tools = offeredTools(info);
  const ref = useRef<HTMLElement>(null);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const buttons = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button.nav-item') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[(index + (e.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length];
    next?.focus();
    e.preventDefault();
  };

  return (
    <nav ref={ref} className="side-nav" aria-label="Studio tools" data-testid="side-nav" onKeyDown={onKeyDown}>
      {tools.map(({ tool, title, icon: Icon, hint }) => {
        const count = counters[tool] ?? 0;
        const badge = count > 99 ? '99+' : String(count);
        return (
          <Tooltip key={tool} label={hint} placement="left">
            <button
              type="button"
              className={`nav-item${selected === tool ? ' selected' : ''}`}
              aria-pressed={selected === tool}
              // The name starts with what is seen (title, then the badge) so voice control finds it.
              aria-label={count > 0 ? `${title} ${badge} new` : title}
              data-tool={tool}
              data-tour={tool === 'GRAPHICS' ? 'graphics' : undefined}
              onClick={() => toggleTool(tool)}
            >
              <Icon size={22} aria-hidden />
              <span className="nav-label">{title}</span>
              {count > 0 && (
                <>
                  {' '}
                  <span className="nav-badge">{badge}</span>
                </>
              )}
            </button>
          </Tooltip>
        );
      })}
    </nav>
  );
}
