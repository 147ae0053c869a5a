/**
 * Hover and focus tooltip on React Aria's TooltipTrigger, with the §9 delays (500 ms to open, 200 ms
 * to close by default; TOOLTIP_DELAY_SLOW is 800/100) and the 270 px maximum width. Hover waits for
 * the delay; keyboard focus shows it at once and blur hides it (React Aria's behaviour: a keyboard
 * user is not made to wait). Escape hides it. The trigger is described by the tooltip while it shows.
 *
 * React Aria closes a tooltip when a container of its trigger scrolls. A Tab to a control out of view
 * scrolls it into view, so its tooltip closed the moment it opened (a card's switch lower in the card
 * grid showed none): a close that comes with a scroll while the control keeps keyboard focus shows the
 * tooltip again once the scrolling stops, placed where the control now is.
 */
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Focusable, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import { TOOLTIP_DELAY, TOOLTIP_MAX_WIDTH_PX } from '../lib/limits';

/** Gap between the trigger and the tooltip, in px. */
const TOOLTIP_OFFSET_PX = 6;
/** A close this soon after a scroll event is React Aria's close-on-scroll. */
const SCROLL_CLOSE_WINDOW_MS = 50;
/** Shown again this long after that close, when the scroll into view has settled. */
const REOPEN_AFTER_SCROLL_MS = 150;

let lastScrollAt = -Infinity;
if (typeof window !== 'undefined') window.addEventListener('scroll', () => (lastScrollAt = performance.now()), { capture: true, passive: true });

export interface TooltipProps {
  label: string;
  /** One focusable DOM element (a button): it takes React Aria's focus, hover and describedby props. */
  children: ComponentProps<typeof Focusable>['children'];
  placement?: 'top' | 'bottom' | 'left' | 'right';
  delay?: { open: number; close: number };
}

export function Tooltip({ label, children, placement = 'bottom', delay = TOOLTIP_DELAY }: TooltipProps) {
  const [isOpen, setOpen] = useState(false);
  const trigger = useRef<HTMLElement>(null);
  const reopen = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reopen.current), []);
  const onOpenChange = (open: boolean) => {
    clearTimeout(reopen.current);
    setOpen(open);
    const el = trigger.current;
    if (open || !el || document.activeElement !== el || !el.matches(':focus-visible')) return;
    if (performance.now() - lastScrollAt > SCROLL_CLOSE_WINDOW_MS) return; // Escape, or a close of its own
    reopen.current = setTimeout(() => document.activeElement === el && setOpen(true), REOPEN_AFTER_SCROLL_MS);
  };
  return (
    <TooltipTrigger delay={delay.open} closeDelay={delay.close} isOpen={isOpen} onOpenChange={onOpenChange}>
      <Focusable ref={trigger}>{children}</Focusable>
      <AriaTooltip className="tooltip" placement={placement} offset={TOOLTIP_OFFSET_PX} style={{ maxWidth: TOOLTIP_MAX_WIDTH_PX }}>
        {label}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
