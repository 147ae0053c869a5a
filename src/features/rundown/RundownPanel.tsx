/**
 * The Rundown tool (issue 25, run of show): the scenes in show order with what is on air and what is
 * next, the show's time on air and left, NEXT, Save scene, the rundown's transition and auto-advance.
 * It reads the rundown store and calls its actions; which producer or tab made a change is not its
 * business (the rundown is synced like the channel).
 */
import { ChevronsRight, Plus, Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useRundownStore, rundownActions } from '../../state/rundown/store';
import { showTiming } from '../../state/rundown/timing';
import { findScene } from '../../state/rundown/rundown';
import { tellDone } from '../../state/feedback';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { FailureNotice } from '../../ui/FailureNotice';
import { Switch } from '../../ui/Switch';
import { clockText } from './duration';
import { SceneCard } from './SceneCard';
import { TransitionSelect } from './TransitionSelect';
import { RUNDOWN_TEXTS as T } from './texts';
import './rundown.css';

/** The show clock's tick while a scene is on air. */
const TICK_MS = 1000;

function useTicking(active: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function RundownPanel() {
  const rundown = useRundownStore((s) => s.rundown);
  const now = useTicking(rundown.live !== null);
  const timing = showTiming(rundown, now);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const next = timing.nextSceneId ? findScene(rundown, timing.nextSceneId) : undefined;
  const deleting = toDelete ? findScene(rundown, toDelete) : undefined;

  const save = () => {
    const done = rundownActions.saveScene();
    setRefusal(done.ok ? null : done.reason);
    if (done.ok) tellDone(T.saved(findScene(useRundownStore.getState().rundown, done.id)?.name ?? ''));
  };
  const takeNext = () => next && rundownActions.next() && tellDone(T.took(next.name));

  return (
    <div className="rundown-panel">
      <div className="rundown-toolbar">
        <button type="button" className="btn btn-secondary btn-small" onClick={save}>
          <Plus size={14} aria-hidden />
          {T.saveScene}
        </button>
        <button type="button" className="btn btn-primary btn-small rundown-next" onClick={takeNext} disabled={!next} data-testid="rundown-next">
          <ChevronsRight size={14} aria-hidden />
          {next ? (rundown.live ? T.nextNamed(next.name) : T.startShow(next.name)) : T.nothingNext}
        </button>
        {rundown.live && (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => rundownActions.endShow() && tellDone(T.ended)}>
            <Square size={12} aria-hidden />
            {T.endShow}
          </button>
        )}
      </div>
      {refusal && <FailureNotice className="rundown-failure" message={refusal} onDismiss={() => setRefusal(null)} />}
      {rundown.live && (
        <p className="show-clock" data-testid="show-clock" aria-live="off">
          {T.showElapsed} {clockText(timing.elapsedMs)} · {timing.remainingMs === null ? T.openEnded : `${clockText(timing.remainingMs)} ${T.showRemaining}`}
        </p>
      )}
      <div className="rundown-settings">
        <TransitionSelect label={T.globalTransition} value={rundown.settings.transition} onChange={(t) => t && rundownActions.setTransition(t)} />
        <Switch label={T.autoAdvance} hint={T.autoAdvanceHint} checked={rundown.settings.autoAdvance} onChange={(on) => rundownActions.setAutoAdvance(on)} />
      </div>
      {rundown.scenes.length === 0 ? (
        <div className="rundown-empty">
          <p className="rundown-empty-title">{T.empty}</p>
          <p className="field-hint">{T.emptyHint}</p>
        </div>
      ) : (
        <ol className="scene-list" aria-label={T.title}>
          {rundown.scenes.map((scene, index) => (
            <SceneCard
              key={scene.id}
              scene={scene}
              index={index}
              count={rundown.scenes.length}
              timing={timing.scenes.find((t) => t.sceneId === scene.id)}
              globalTransition={rundown.settings.transition}
              onDelete={() => setToDelete(scene.id)}
            />
          ))}
        </ol>
      )}
      {deleting && (
        <ConfirmDelete
          title={T.deleteTitle}
          subject={deleting.name}
          body={T.deleteBody}
          confirmLabel={T.confirmDelete}
          onClose={() => setToDelete(null)}
          onDelete={() => rundownActions.remove(deleting.id) && tellDone(T.deleted(deleting.name))}
        />
      )}
    </div>
  );
}
