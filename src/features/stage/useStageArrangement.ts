/** The stage pane's arrangement (stageArrangement.ts), kept up to date as the pane resizes. */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { fitStage, type StageArrangement } from './stageArrangement';

export function useStageArrangement(pane: RefObject<HTMLElement | null>): StageArrangement {
  const [arrangement, setArrangement] = useState<StageArrangement>('rows');
  useLayoutEffect(() => {
    const el = pane.current;
    if (!el) return;
    const update = () => setArrangement(fitStage({ width: el.clientWidth, height: el.clientHeight }).arrangement);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [pane]);
  return arrangement;
}
