/**
 * §2 layout toolbar: the six layouts, each icon drawn for the live producer count, offered and
 * substituted per §4. Every button is a layout command of the command table (label, enabled,
 * perform, Alt+n), so the toolbar and the shortcuts can never disagree.
 */
import { isContentShare, liveInShowOrder, sceneLayout } from '../../../compositor/layout';
import { LAYOUT_CODES } from '../../../compositor/model/types';
import { useStageStore } from '../../state/channel/store';
import { LAYOUT_COMMANDS, LAYOUT_LABELS, layoutOption } from '../../state/commands/stageCommands';
import { LayoutIcon } from '../../ui/LayoutIcon';
import { Tooltip } from '../../ui/Tooltip';

export function LayoutToolbar() {
  const state = useStageStore();
  const live = liveInShowOrder(state.doc.producers);
  const contentShare = live[0] !== undefined && isContentShare(live[0]);
  const drawn = sceneLayout(state.doc.producers, state.doc.layout);

  return (
    <div className="layout-toolbar" role="toolbar" aria-label="Layouts" data-testid="layout-toolbar" data-tour="layouts">
      {LAYOUT_CODES.map((code, i) => {
        const command = LAYOUT_COMMANDS[i]!;
        if (!layoutOption(state, code).visible) return null;
        return (
          <Tooltip key={code} label={command.label(state)} placement="top">
            <button
              type="button"
              className={`layout-button${drawn === code ? ' active' : ''}`}
              aria-pressed={drawn === code}
              aria-label={LAYOUT_LABELS[code]}
              aria-keyshortcuts={command.keys?.[0]?.replace('alt', 'Alt')}
              data-layout={code}
              disabled={!command.enabled(state)}
              onClick={() => command.perform()}
            >
              <LayoutIcon layout={code} count={Math.max(live.length, 1)} contentShare={contentShare} />
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
