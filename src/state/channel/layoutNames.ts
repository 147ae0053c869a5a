/** §2 layout toolbar: the display name of each layout code (what people read; the code is what is saved). */
import type { LayoutCode } from '../../../compositor/model/types';

export const LAYOUT_LABELS: Record<LayoutCode, string> = {
  CLASSIC: 'Classic',
  COVER: 'Cover',
  SPLIT: 'Split Screen',
  CINEMA: 'Cinema',
  SIDEBYSIDE: 'Side by Side',
  PIP: 'Picture in Picture',
};
