/**
 * A popup menu on React Aria's Popover + Menu, drawn in a portal next to its anchor (below and
 * right-aligned if it fits, else flipped; inside the window), so no pane edge can clip it. The caller
 * owns the open state: it mounts the menu next to its anchor button and unmounts it on onClose.
 * Keyboard: arrows (wrapping), Home/End, typeahead on the items' text; Enter/Space activate; Escape,
 * Tab or a click outside close it and focus goes back to the anchor. While it is open the rest of
 * the page is inert. Items are `MenuItem`s (or `PopupMenuItem` for one with a tooltip); `caption`
 * draws a line above them.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Menu, MenuItem, Popover, Text, Tooltip as AriaTooltip, TooltipTrigger, type MenuItemProps, type MenuProps } from 'react-aria-components';
import { TOOLTIP_DELAY, TOOLTIP_MAX_WIDTH_PX } from '../lib/limits';

export { MenuItem } from 'react-aria-components';

/** Gap between the anchor and the menu, and the least distance from the window's edges, in px. */
const GAP_PX = 4;
const EDGE_PX = 8;

export interface PopupMenuProps extends Omit<MenuProps<object>, 'aria-label' | 'className' | 'children' | 'autoFocus' | 'onClose'> {
  label: string;
  anchor: HTMLElement | null;
  onClose(): void;
  children: ReactNode;
  className?: string;
  /** A line above the items (the participant's local time), outside the menu's item list. */
  caption?: ReactNode;
}

export function PopupMenu({ label, anchor, onClose, children, className, caption, ...menuProps }: PopupMenuProps) {
  const triggerRef = useMemo(() => ({ current: anchor }), [anchor]);
  return (
    <Popover aria-label={label} triggerRef={triggerRef} isOpen onOpenChange={(open) => !open && onClose()} placement="bottom end" offset={GAP_PX} containerPadding={EDGE_PX} className="popup-menu-popover">
      {caption && <div className="menu-caption">{caption}</div>}
      <Menu {...menuProps} aria-label={label} autoFocus="first" escapeKeyBehavior="none" onClose={onClose} className={`popup-menu ${className ?? ''}`}>
        {children}
      </Menu>
    </Popover>
  );
}

/**
 * A menu item with a tooltip (§2: noise cancellation). The text is the item's accessible description
 * and shows beside it after the §9 delay while the item is focused (by hover or keyboard).
 */
export function PopupMenuItem({ tooltip, children, textValue, ...props }: Omit<MenuItemProps, 'children'> & { tooltip: string; children: string }) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <MenuItem {...props} ref={ref} textValue={textValue ?? children}>
      {({ isFocused }) => (
        <>
          <Text slot="label">{children}</Text>
          <Text slot="description" className="visually-hidden">
            {tooltip}
          </Text>
          <ItemTooltip triggerRef={ref} active={isFocused} label={tooltip} />
        </>
      )}
    </MenuItem>
  );
}

function ItemTooltip({ triggerRef, active, label }: { triggerRef: RefObject<HTMLDivElement | null>; active: boolean; label: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(active), active ? TOOLTIP_DELAY.open : TOOLTIP_DELAY.close);
    return () => clearTimeout(timer);
  }, [active]);
  // The open state goes through a TooltipTrigger: React Aria's Tooltip reads it from there even when
  // it is given isOpen (1.22). Nothing inside consumes the trigger's focus props: the item is the trigger.
  return (
    <TooltipTrigger isOpen={open}>
      <AriaTooltip triggerRef={triggerRef} placement="left" offset={GAP_PX} className="tooltip" style={{ maxWidth: TOOLTIP_MAX_WIDTH_PX }}>
        {label}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
