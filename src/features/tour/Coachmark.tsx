/**
 * §2 coachmark tour: one step at a time next to its real target, PREVIOUS / NEXT / DONE, a close
 * icon and 'n of 4'. Placed by floating-ui (coachmarkPosition.ts) and kept in place while the window
 * resizes or the target moves. Keyboard: Esc closes, arrows move. Hidden while a device-error dialog
 * shows.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { X } from 'lucide-react';
import { autoUpdate, useFloating } from '@floating-ui/react-dom';
import { COACHMARK_MIN_LEFT_PX } from '../../lib/limits';
import { useAlertsStore } from '../../state/alertsStore';
import { tourActions, TOUR_STEPS, useTourStore } from '../../state/tourStore';
import { coachmarkMiddleware } from './coachmarkPosition';
import { TOUR, type TourStep } from './tourSteps';

/** The coachmark is never larger than the window less the 10 px margins. */
const WINDOW_MARGINS = `${2 * COACHMARK_MIN_LEFT_PX}px`;

export function Coachmark() {
  const stepIndex = useTourStore((s) => s.tourStep);
  const deviceDialog = useAlertsStore((s) => s.error?.code === 'CAM_IN_USE' || s.error?.code === 'CAM_MIC_DENIED');

  useEffect(() => {
    if (stepIndex === null) return;
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

  if (stepIndex === null || deviceDialog) return null;
  const step = TOUR[stepIndex];
  if (!step) return null;
  return (
    <div className="tour-layer" data-testid="tour">
      {/* One placement per step: a new step starts hidden, is measured at its own size next to its own target, then shown. */}
      <CoachmarkStep key={stepIndex} step={step} index={stepIndex} />
    </div>
  );
}

function CoachmarkStep({ step, index }: { step: TourStep; index: number }) {
  const [pointer, setPointer] = useState<HTMLSpanElement | null>(null);
  const [target, setTarget] = useState<Element | null>(null);
  const { refs, floatingStyles, placement, middlewareData, isPositioned } = useFloating({
    strategy: 'fixed',
    placement: step.placement,
    middleware: coachmarkMiddleware(pointer),
    whileElementsMounted: autoUpdate,
    elements: { reference: target },
  });
  // The target is another feature's element, found by its data-tour mark once this step is on the page.
  useLayoutEffect(() => setTarget(document.querySelector(`[data-tour="${step.target}"]`)), [step.target]);

  // Focus moves to the step once it is placed (a hidden element cannot take focus).
  const shown = isPositioned && target !== null;
  useEffect(() => {
    if (shown) refs.floating.current?.focus();
  }, [shown, refs]);

  const last = index === TOUR_STEPS - 1;
  const side = placement.split('-')[0];
  const arrowAt = middlewareData.arrow;
  return (
    <div
      ref={refs.setFloating}
      className={`coachmark placement-${side}${step.size.width > 500 ? ' wide' : ''}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby="coachmark-title"
      tabIndex={-1}
      data-step={index}
      style={{
        ...floatingStyles,
        width: step.size.width,
        maxWidth: `calc(100vw - ${WINDOW_MARGINS})`,
        // The SPEC size is the most the coachmark may take; its real content may be shorter.
        maxHeight: `min(${step.size.height}px, calc(100vh - ${WINDOW_MARGINS}))`,
        visibility: shown ? undefined : 'hidden',
      }}
    >
      <span ref={setPointer} className="coachmark-pointer" style={side === 'top' || side === 'bottom' ? { left: arrowAt?.x } : { top: arrowAt?.y }} />
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
          {index + 1} of {TOUR_STEPS}
        </span>
        <span className="coachmark-nav">
          {index > 0 && (
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
  );
}
