/**
 * One scene of the rundown (issue 25): its compositor-drawn picture (a click takes it), its name
 * (inline rename), where it stands in the show (ON AIR with its time on air and left, NEXT), its
 * duration, transition and notes, and a menu to update it from the stage, duplicate, move or delete.
 */
import { MoreVertical, Play } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { Transition } from '../../../compositor/model/transition';
import type { Scene } from '../../state/rundown/types';
import type { SceneTiming } from '../../state/rundown/timing';
import { SCENE_NAME_MAX, SCENE_NOTES_MAX } from '../../state/rundown/limits';
import { rundownActions } from '../../state/rundown/store';
import { tellDone } from '../../state/feedback';
import { InlineRename } from '../../ui/InlineRename';
import { MenuItem, PopupMenu } from '../../ui/PopupMenu';
import { Tooltip } from '../../ui/Tooltip';
import { clockText, durationText, parseDuration } from './duration';
import { SceneThumbnail } from './SceneThumbnail';
import { TransitionSelect } from './TransitionSelect';
import { RUNDOWN_TEXTS as T } from './texts';

export interface SceneCardProps {
  scene: Scene;
  timing: SceneTiming | undefined;
  index: number;
  count: number;
  globalTransition: Transition;
  onDelete(): void;
}

function TimeLine({ timing }: { timing: SceneTiming }) {
  if (timing.state !== 'live') return timing.durationMs === null ? null : <span className="scene-time">{clockText(timing.durationMs)}</span>;
  const over = timing.remainingMs !== null && timing.remainingMs < 0;
  return (
    <span className={`scene-time live${over ? ' over' : ''}`} data-testid="scene-live-time">
      {clockText(timing.elapsedMs)} {T.elapsed}
      {timing.remainingMs !== null && ` · ${clockText(Math.abs(timing.remainingMs))} ${over ? T.over : T.remaining}`}
    </span>
  );
}

function DurationField({ scene }: { scene: Scene }) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? durationText(scene.durationMs);
  const parsed = draft === null ? scene.durationMs : parseDuration(draft);
  const commit = () => {
    if (draft === null || parsed === undefined) return;
    rundownActions.setDuration(scene.id, parsed);
    setDraft(null);
  };
  return (
    <div className="field scene-duration">
      <label className="field-label" htmlFor={id}>
        {T.duration}
      </label>
      <input
        id={id}
        className="input"
        value={shown}
        placeholder={T.openEnded}
        inputMode="numeric"
        aria-invalid={parsed === undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      <span id={`${id}-hint`} className={parsed === undefined ? 'field-error' : 'field-hint'} role={parsed === undefined ? 'alert' : undefined}>
        {parsed === undefined ? T.durationUnreadable : T.durationHint}
      </span>
    </div>
  );
}

function NotesField({ scene }: { scene: Scene }) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null) rundownActions.setNotes(scene.id, draft);
    setDraft(null);
  };
  return (
    <div className="field scene-notes">
      <label className="field-label" htmlFor={id}>
        {T.notes}
      </label>
      <textarea id={id} className="input" rows={2} maxLength={SCENE_NOTES_MAX} value={draft ?? scene.notes} placeholder={T.notesPlaceholder} onChange={(e) => setDraft(e.target.value)} onBlur={commit} />
    </div>
  );
}

export function SceneCard({ scene, timing, index, count, globalTransition, onDelete }: SceneCardProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const state = timing?.state ?? 'later';
  const take = () => rundownActions.take(scene.id) && tellDone(T.took(scene.name));
  return (
    <li className={`scene-card ${state}`} data-testid="scene-card" data-state={state} aria-label={`${scene.name}${state === 'live' ? `, ${T.onAir}` : state === 'next' ? `, ${T.upNext}` : ''}`}>
      <button type="button" className="scene-take" aria-label={T.takeScene(scene.name)} onClick={take}>
        <SceneThumbnail look={scene.look} />
        <span className="scene-take-overlay" aria-hidden>
          <Play size={14} /> {T.take}
        </span>
        {state === 'live' && <span className="scene-badge on-air">{T.onAir}</span>}
        {state === 'next' && <span className="scene-badge next">{T.upNext}</span>}
      </button>
      <div className="scene-body">
        <div className="scene-head">
          <span className="scene-number" aria-hidden>
            {index + 1}
          </span>
          <InlineRename value={scene.name} label={T.sceneName(scene.name)} maxLength={SCENE_NAME_MAX} onSave={(name) => rundownActions.rename(scene.id, name)} editing={renaming} onEditingChange={setRenaming} showSaved={false} className="scene-name" />
          <Tooltip label={T.sceneActions(scene.name)}>
            <button ref={menuButton} type="button" className="icon-button" aria-label={T.sceneActions(scene.name)} aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
              <MoreVertical size={16} aria-hidden />
            </button>
          </Tooltip>
          {menuOpen && (
            <PopupMenu label={T.sceneActions(scene.name)} anchor={menuButton.current} onClose={() => setMenuOpen(false)}>
              <MenuItem onAction={take}>{T.take}</MenuItem>
              <MenuItem onAction={() => rundownActions.updateFromStage(scene.id) && tellDone(T.updated(scene.name))}>{T.updateFromStage}</MenuItem>
              <MenuItem onAction={() => setRenaming(true)}>Rename</MenuItem>
              <MenuItem onAction={() => rundownActions.duplicate(scene.id).ok && tellDone(T.duplicated(scene.name))}>{T.duplicate}</MenuItem>
              {index > 0 && <MenuItem onAction={() => rundownActions.move(scene.id, index - 1)}>{T.moveUp}</MenuItem>}
              {index < count - 1 && <MenuItem onAction={() => rundownActions.move(scene.id, index + 1)}>{T.moveDown}</MenuItem>}
              <MenuItem onAction={onDelete}>{T.delete}</MenuItem>
            </PopupMenu>
          )}
        </div>
        {timing && <TimeLine timing={timing} />}
        <div className="scene-fields">
          <DurationField scene={scene} />
          <TransitionSelect label={T.transition} value={scene.transition} global={globalTransition} onChange={(t) => rundownActions.setSceneTransition(scene.id, t)} />
        </div>
        <NotesField scene={scene} />
      </div>
    </li>
  );
}
