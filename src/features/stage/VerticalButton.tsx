/** The Vertical (9:16) switch (issue 34): the vertical program beside the 16:9 preview, both live. */
import { RectangleVertical } from 'lucide-react';
import { useScreenStore } from '../../state/screenStore';
import { Tooltip } from '../../ui/Tooltip';

export const VERTICAL_LABEL = 'Vertical (9:16)';

export function VerticalButton() {
  const on = useScreenStore((s) => s.verticalVisible);
  return (
    <Tooltip label={`${VERTICAL_LABEL}: the vertical program for phones, beside the 16:9 one`} placement="top">
      <button type="button" className={`icon-button${on ? ' active' : ''}`} aria-label={VERTICAL_LABEL} aria-pressed={on} onClick={() => useScreenStore.getState().toggleVertical()} data-testid="vertical-button">
        <RectangleVertical size={16} aria-hidden />
      </button>
    </Tooltip>
  );
}
