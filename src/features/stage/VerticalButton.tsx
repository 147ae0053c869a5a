/** The Vertical (9:16) switch (issue 34): the vertical program beside the 16:9 preview, both live; and its own layout. */
import { RectangleVertical } from 'lucide-react';
import { useScreenStore } from '../../state/screenStore';
import { Tooltip } from '../../ui/Tooltip';
import { useChannelStore } from '../../state/channel/store';
import { stageActions } from '../../state/channel/stageActions';
import { LAYOUT_LABELS } from '../../state/channel/layoutNames';
import { LAYOUT_CODES, type LayoutCode } from '../../../compositor/model/types';

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

const SAME = 'SAME';

/** The vertical program's own layout (issue 34), or the 16:9 one; changing it never touches the 16:9 program. */
export function VerticalLayoutSelect() {
  const chosen = useChannelStore((s) => s.doc.verticalLayout ?? SAME);
  return (
    <select className="select vertical-layout" aria-label="Vertical layout" value={chosen} data-testid="vertical-layout" onChange={(e) => stageActions.setVerticalLayout(e.target.value === SAME ? null : (e.target.value as LayoutCode))}>
      <option value={SAME}>Vertical: same as 16:9</option>
      {LAYOUT_CODES.map((code) => (
        <option key={code} value={code}>
          Vertical: {LAYOUT_LABELS[code]}
        </option>
      ))}
    </select>
  );
}
