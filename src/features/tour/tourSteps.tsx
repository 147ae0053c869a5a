/** §2 coachmark tour: presenters, video layouts, graphics, go live (§3 Tour step fields). */
import type { ReactNode } from 'react';
import type { Placement } from './coachmarkPosition';
import { GoLiveIllustration, GraphicsIllustration, StageIllustration } from './illustrations';

export interface TourStep {
  title: string;
  text: string;
  image: ReactNode;
  /** data-tour value of the element the step points at. */
  target: string;
  placement: Placement;
  /** §9: coachmark about 380×560; the layout step 733×320. */
  size: { width: number; height: number };
}

export const COACHMARK_SIZE = { width: 380, height: 560 } as const;
export const LAYOUT_STEP_SIZE = { width: 733, height: 320 } as const;

export const TOUR: readonly TourStep[] = [
  {
    title: 'Your presenters',
    text: 'Everyone who joins waits backstage. Flip the switch or double-click a card to put them on air; drag cards to reorder them.',
    image: <StageIllustration />,
    target: 'presenters',
    placement: 'top',
    size: COACHMARK_SIZE,
  },
  {
    title: 'Video layouts',
    text: 'Choose how the people on air are arranged. Layouts that do not suit the number of people on air are greyed out.',
    image: <StageIllustration />,
    target: 'layouts',
    placement: 'top',
    size: LAYOUT_STEP_SIZE,
  },
  {
    title: 'Graphics',
    text: 'Brand your show with logos, lower thirds, tickers, backgrounds and media. Everything you add appears in the preview exactly as your audience sees it.',
    image: <GraphicsIllustration />,
    target: 'graphics',
    placement: 'left',
    size: COACHMARK_SIZE,
  },
  {
    title: 'Go live',
    text: 'When you are ready, go live: a ten-second countdown gives everyone a moment, then your event is on air.',
    image: <GoLiveIllustration />,
    target: 'golive',
    placement: 'bottom',
    size: COACHMARK_SIZE,
  },
];
