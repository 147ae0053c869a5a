/**
 * §2 welcome overlay: three steps with body text, images and clickable step markers; NEXT below
 * step 2; on step 2 START A TOUR and MAYBE LATER. Greets by first name, else username.
 */
import { tourActions, useTourStore, WELCOME_STEPS } from '../../state/tourStore';
import { useMeetingStore } from '../../state/meetingStore';
import { useAlertsStore } from '../../state/alertsStore';
import { Dialog } from '../../ui/Dialog';
import { GoLiveIllustration, GraphicsIllustration, StageIllustration } from './illustrations';

const STEPS = [
  { image: <StageIllustration />, text: 'This is your studio. Bring presenters on stage, arrange them in layouts, and your audience sees the preview exactly as you do.' },
  { image: <GraphicsIllustration />, text: 'Make it yours with your brand colour, logos, lower thirds, tickers and backgrounds, and run chat, polls and Q&A from the side panel.' },
  { image: <GoLiveIllustration />, text: 'When everything looks right, go live. Want a quick tour of where everything is?' },
];

export function WelcomeOverlay() {
  const step = useTourStore((s) => s.welcomeStep);
  const user = useMeetingStore((s) => s.user);
  const deviceDialog = useAlertsStore((s) => s.error?.code === 'CAM_IN_USE' || s.error?.code === 'CAM_MIC_DENIED');
  if (step === null || deviceDialog) return null;
  const name = user?.firstName || user?.username || '';
  const last = step === WELCOME_STEPS - 1;
  return (
    <Dialog
      testId="welcome-overlay"
      className="welcome"
      title={`Welcome to your studio${name ? `, ${name}` : ''}!`}
      onCancel={tourActions.maybeLater}
      actions={
        last ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={tourActions.maybeLater}>
              MAYBE LATER
            </button>
            <button type="button" className="btn btn-primary" onClick={tourActions.startTour} data-autofocus>
              START A TOUR
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary" onClick={tourActions.welcomeNext} data-autofocus>
            NEXT
          </button>
        )
      }
    >
      <div className="welcome-image">{STEPS[step]!.image}</div>
      <p className="welcome-text">{STEPS[step]!.text}</p>
      <div className="step-markers" role="group" aria-label="Welcome steps">
        {STEPS.map((_, i) => (
          <button key={i} type="button" className={`step-marker${i === step ? ' current' : ''}`} aria-label={`Step ${i + 1} of ${WELCOME_STEPS}`} aria-current={i === step ? 'step' : undefined} onClick={() => tourActions.welcomeGoTo(i)} />
        ))}
      </div>
    </Dialog>
  );
}
