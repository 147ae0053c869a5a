/** The stage pane's arrangement (stageArrangement.ts), kept up to date as the pane resizes. */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { fitStage, type StageFit } from './stageArrangement';

export type StageLayout = Pick<StageFit, 'arrangement' | 'verticalTabs'>;

export function useStageArrangement(pane: RefObject<HTMLElement | null>): StageLayout {
  const [fit, setFit] = useState<StageLayout>({ arrangement: 'rows', verticalTabs: false });
  useLayoutEffect(() => {
    const el = pane.current;
    if (!el) return;
    const update = () => {
      const { arrangement, verticalTabs } = fitStage({ width: el.clientWidth, height: el.clientHeight });
      setFit((was) => (was.arrangement === arrangement && was.verticalTabs === verticalTabs ? was : { arrangement, verticalTabs }));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [pane]);
  return fit;
}
