/** The demo's registration pop-up (§1, §2): try the full studio for 14 days, or buy it. */
import { Sparkles } from 'lucide-react';
import { CONFIG } from '../../config';
import { useScreenStore } from '../../state/screenStore';
import { TRIAL_DAYS } from '../../lib/limits';
import { Dialog } from '../../ui/Dialog';
import { REGISTER_TEXTS } from '../../lib/texts';

export function RegisterPopup() {
  const close = useScreenStore.getState().hideRegisterPopup;
  return (
    <Dialog
      testId="register-popup"
      className="register-popup"
      title={
        <>
          <Sparkles size={20} aria-hidden /> {REGISTER_TEXTS.title}
        </>
      }
      onCancel={close}
      closeLabel="Close"
      actions={
        <>
          <a className="btn btn-secondary" href={CONFIG.buyUrl} target="_blank" rel="noopener noreferrer">
            {REGISTER_TEXTS.buy}
          </a>
          <a className="btn btn-primary" href={CONFIG.trialUrl} target="_blank" rel="noopener noreferrer" data-autofocus>
            {REGISTER_TEXTS.tryIt(TRIAL_DAYS)}
          </a>
        </>
      }
    >
      <p>{REGISTER_TEXTS.body(TRIAL_DAYS)}</p>
    </Dialog>
  );
}
