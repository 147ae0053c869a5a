/**
 * Hover and focus tooltip on React Aria's TooltipTrigger, with the §9 delays (500 ms to open, 200 ms
 * to close by default; TOOLTIP_DELAY_SLOW is 800/100) and the 270 px maximum width. Hover waits for
 * the delay; keyboard focus shows it at once and blur hides it (React Aria's behaviour: a keyboard
 * user is not made to wait). Escape hides it. The trigger is described by the tooltip while it shows.
 */
import type { ComponentProps } from 'react';
import { Focusable, Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import { TOOLTIP_DELAY, TOOLTIP_MAX_WIDTH_PX } from '../lib/limits';

/** Gap between the trigger and the tooltip, in px. */
const TOOLTIP_OFFSET_PX = 6;

export interface TooltipProps {
  label: string;
  /** One focusable DOM element (a button): it takes React Aria's focus, hover and describedby props. */
  children: ComponentProps<typeof Focusable>['children'];
  placement?: 'top' | 'bottom' | 'left' | 'right';
  delay?: { open: number; close: number };
}

export function Tooltip({ label, children, placement = 'bottom', delay = TOOLTIP_DELAY }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay.open} closeDelay={delay.close}>
      <Focusable>{children}</Focusable>
      <AriaTooltip className="tooltip" placement={placement} offset={TOOLTIP_OFFSET_PX} style={{ maxWidth: TOOLTIP_MAX_WIDTH_PX }}>
        {label}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
