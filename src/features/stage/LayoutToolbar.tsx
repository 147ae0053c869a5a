/**
 * §2 layout toolbar: the six layouts, each icon drawn for the live producer count, offered and
 * substituted per §4. Every button is a layout command of the command table (label, enabled,
 * perform, Alt+n), so the toolbar and the shortcuts can never disagree. It shows what is on the
 * program: while a card is spotted (§4: it alone fills the frame), no layout is pressed, the
 * spotlight is, and the chosen layout is marked as the one that comes back after it.
 */
import { Maximize2 } from 'lucide-react';
import { isContentShare, liveInShowOrder, sceneLayout, spottedOnAir } from '../../../compositor/layout';
import { LAYOUT_CODES } from '../../../compositor/model/types';
import { TOGGLE_SPOTTED } from '../../services/people/cardCommands';
import { useChannelStore } from '../../state/channel/store';
import { LAYOUT_COMMANDS, LAYOUT_LABELS, layoutOption } from '../../state/commands/stageCommands';
import { LayoutIcon } from '../../ui/LayoutIcon';
import { Tooltip } from '../../ui/Tooltip';
import { STAGE_TEXTS as T } from './texts';

export function LayoutToolbar() {
  const state = useChannelStore();
  const live = liveInShowOrder(state.doc.producers);
  const contentShare = live[0] !== undefined && isContentShare(live[0]);
  const drawn = sceneLayout(state.doc.producers, state.doc.layout);
  const spotted = spottedOnAir(state.doc.producers);

  return (
    <div className="layout-toolbar" role="toolbar" aria-label="Layouts" data-testid="layout-toolbar" data-tour="layouts">
      {spotted && (
        <Tooltip label={T.stopSpotlight(spotted.name)} placement="top">
          <button type="button" className="layout-button layout-spotlight active" aria-pressed onClick={() => TOGGLE_SPOTTED.perform(spotted)}>
            <Maximize2 size={16} aria-hidden />
            <span className="layout-spotlight-name">{T.spotlightOn(spotted.name)}</span>
          </button>
        </Tooltip>
      )}
      {LAYOUT_CODES.map((code, i) => {
        const command = LAYOUT_COMMANDS[i]!;
        if (!layoutOption(state, code).visible) return null;
        const chosen = drawn === code;
        const onProgram = chosen && !spotted;
        return (
          <Tooltip key={code} label={chosen && spotted ? T.afterSpotlight(command.label(state)) : command.label(state)} placement="top">
            <button
              type="button"
              className={`layout-button${onProgram ? ' active' : chosen ? ' after-spotlight' : ''}`}
              aria-pressed={onProgram}
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
