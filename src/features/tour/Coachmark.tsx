/**
 * §2 coachmark tour: one step at a time next to its real target, PREVIOUS / NEXT / DONE, a close
 * icon and 'n of 4'. Positions recompute on window resize (20 ms debounce). Keyboard: Esc closes,
 * arrows move. Hidden while a device-error dialog shows.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { RESIZE_DEBOUNCE_MS } from '../../lib/limits';
import { useShowStore } from '../../state/showStore';
import { tourActions, TOUR_STEPS, useTourStore } from '../../state/tourStore';
import { coachmarkPosition, type CoachmarkPlacement } from './coachmarkPosition';
import { TOUR } from './tourSteps';

function useViewportVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setVersion((v) => v + 1), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return version;
}

export function Coachmark() {
  const stepIndex = useTourStore((s) => s.tourStep);
  const deviceDialog = useShowStore((s) => s.error?.code === 'CAM_IN_USE' || s.error?.code === 'CAM_MIC_DENIED');
  const viewport = useViewportVersion();
  const box = useRef<HTMLDivElement>(null);
  // A placement belongs to one step: a new step renders hidden at its own width, is measured, then placed.
  const [placed, setPlaced] = useState<{ step: number; at: CoachmarkPlacement } | null>(null);
  const step = stepIndex === null ? null : TOUR[stepIndex]!;
  const position = placed && placed.step === stepIndex ? placed.at : null;

  useLayoutEffect(() => {
    if (!step || stepIndex === null) return;
    const target = document.querySelector(`[data-tour="${step.target}"]`);
    if (!target) return setPlaced(null);
    const r = target.getBoundingClientRect();
    // The SPEC size is the most the coachmark may take; its real content may be shorter.
    const measured = box.current?.scrollHeight ?? step.size.height;
    setPlaced({
      step: stepIndex,
      at: coachmarkPosition(
        { left: r.left, top: r.top, width: r.width, height: r.height },
        { width: step.size.width, height: Math.min(step.size.height, measured) },
        step.placement,
        { width: window.innerWidth, height: window.innerHeight },
      ),
    });
  }, [step, stepIndex, viewport]);

  useEffect(() => {
    if (stepIndex === null) return;
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') tourActions.tourClose();
      else if (e.key === 'ArrowRight') tourActions.tourNext();
      else if (e.key === 'ArrowLeft') tourActions.tourPrevious();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [stepIndex]);

  if (stepIndex === null || !step || deviceDialog) return null;
  const last = stepIndex === TOUR_STEPS - 1;
  return (
    <div className="tour-layer" data-testid="tour">
      <div
        ref={box}
        className={`coachmark placement-${position?.placement ?? step.placement}${step.size.width > 500 ? ' wide' : ''}`}
        role="dialog"
        aria-modal="false"
        aria-labelledby="coachmark-title"
        tabIndex={-1}
        data-step={stepIndex}
        style={position ? { left: position.left, top: position.top, width: position.width, maxHeight: position.height } : { visibility: 'hidden', width: step.size.width }}
      >
        <span className="coachmark-pointer" style={position ? (position.placement === 'top' || position.placement === 'bottom' ? { left: position.pointer } : { top: position.pointer }) : undefined} />
        <button type="button" className="icon-button coachmark-close" aria-label="Close tour" onClick={tourActions.tourClose}>
          <X size={16} aria-hidden />
        </button>
        <div className="coachmark-image">{step.image}</div>
        <div className="coachmark-body">
          <h2 id="coachmark-title">{step.title}</h2>
          <p>{step.text}</p>
        </div>
        <footer className="coachmark-footer">
          <span className="coachmark-count">
            {stepIndex + 1} of {TOUR_STEPS}
          </span>
          <span className="coachmark-nav">
            {stepIndex > 0 && (
              <button type="button" className="btn btn-ghost btn-small" onClick={tourActions.tourPrevious}>
                PREVIOUS
              </button>
            )}
            {last ? (
              <button type="button" className="btn btn-primary btn-small" onClick={tourActions.tourDone}>
                DONE
              </button>
            ) : (
              <button type="button" className="btn btn-primary btn-small" onClick={tourActions.tourNext}>
                NEXT
              </button>
            )}
          </span>
        </footer>
      </div>
    </div>
  );
}
