/**
 * §2 layout toolbar: the six layouts, each icon drawn for the live producer count, offered and
 * substituted per §4 (a button is enabled only when choosing it draws that layout).
 */
import { layoutOptions, liveInShowOrder, isContentShare, sceneLayout } from '../../../compositor/layout';
import type { LayoutCode } from '../../../compositor/model/types';
import { stageActions } from '../../state/channel/stageActions';
import { useStageStore } from '../../state/channel/store';
import { LayoutIcon } from '../../ui/LayoutIcon';
import { Tooltip } from '../../ui/Tooltip';

export const LAYOUT_LABELS: Record<LayoutCode, string> = {
  CLASSIC: 'Classic',
  COVER: 'Cover',
  SPLIT: 'Split Screen',
  CINEMA: 'Cinema',
  SIDEBYSIDE: 'Side by Side',
  PIP: 'Picture in Picture',
};

export function LayoutToolbar() {
  const producers = useStageStore((s) => s.doc.producers);
  const requested = useStageStore((s) => s.doc.layout);
  const live = liveInShowOrder(producers);
  const contentShare = live[0] !== undefined && isContentShare(live[0]);
  const drawn = sceneLayout(producers, requested);
  const options = layoutOptions(live.length, contentShare).filter((o) => o.visible);

  return (
    <div className="layout-toolbar" role="toolbar" aria-label="Layouts" data-testid="layout-toolbar" data-tour="layouts">
      {options.map(({ code, enabled }) => (
        <Tooltip key={code} label={enabled ? LAYOUT_LABELS[code] : `${LAYOUT_LABELS[code]} needs a different number of people on air`} placement="top">
          <button
            type="button"
            className={`layout-button${drawn === code ? ' active' : ''}`}
            aria-pressed={drawn === code}
            aria-label={LAYOUT_LABELS[code]}
            data-layout={code}
            disabled={!enabled}
            onClick={() => stageActions.setLayout(code)}
          >
            <LayoutIcon layout={code} count={Math.max(live.length, 1)} contentShare={contentShare} />
          </button>
        </Tooltip>
      ))}
    </div>
  );
}
