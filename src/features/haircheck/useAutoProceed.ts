/**
 * §2: the device check moves on by itself once a camera, a microphone and a speaker exist. The
 * moderator sees a countdown first and can stop it (any device choice stops it too).
 */
import { useCallback, useEffect, useState } from 'react';
import { HAIRCHECK_AUTO_PROCEED_MS } from '../../lib/limits';

const TICK_MS = 1000;

export function useAutoProceed(ready: boolean, proceed: () => void, totalMs = HAIRCHECK_AUTO_PROCEED_MS) {
  const [stopped, setStopped] = useState(false);
  const [remainingMs, setRemainingMs] = useState(totalMs);
  const running = ready && !stopped;

  useEffect(() => {
    if (!running) return;
    const startedAt = Date.now();
    setRemainingMs(totalMs);
    const timer = setInterval(() => {
      const left = Math.max(0, totalMs - (Date.now() - startedAt));
      setRemainingMs(left);
      if (left === 0) {
        clearInterval(timer);
        proceed();
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [running, proceed, totalMs]);

  const stop = useCallback(() => setStopped(true), []);
  return { running, secondsLeft: Math.ceil(remainingMs / 1000), stop };
}
