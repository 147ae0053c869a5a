/**
 * 'Show in vertical' (issue 34): whether the vertical (9:16) program shows this graphic; the 16:9
 * program is never touched. Offered while Vertical (9:16) is on, and whenever the graphic is hidden
 * there, so a hidden graphic never looks shown.
 */
import { shownInVertical, type TemplateItem } from '../../../compositor/model/channel';
import { useChannelStore } from '../../state/channel/store';
import { graphicTitle, stageActions } from '../../state/channel/stageActions';
import { useScreenStore } from '../../state/screenStore';
import './verticalChoice.css';

export const SHOW_IN_VERTICAL = 'Show in vertical';

export function VerticalChoice({ item }: { item: TemplateItem }) {
  const verticalOn = useScreenStore((s) => s.verticalVisible);
  const shown = useChannelStore((s) => shownInVertical(s.doc, item));
  if (!verticalOn && shown) return null;
  const which = item.type === 'CHAT' ? 'the chat message on stream' : graphicTitle(item);
  return (
    <label className="vertical-choice">
      <input type="checkbox" checked={shown} aria-label={`${SHOW_IN_VERTICAL}: ${which}`} onChange={(e) => stageActions.setShownInVertical(item, e.target.checked)} />
      {SHOW_IN_VERTICAL}
    </label>
  );
}
