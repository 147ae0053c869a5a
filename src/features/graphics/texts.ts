/** Texts of the Graphics tool that the SPEC does not quote (the quoted ones are in src/lib/texts.ts): ours. */
import type { VideoEndAction } from '../../state/media/videoEnd';

export const GRAPHICS_TEXTS = {
  videoEnd: 'When it ends',
  videoEndActions: { leave: 'Leave the program', hold: 'Hold the last frame' } satisfies Record<VideoEndAction, string>,
  videoEndLooping: 'Loop is on: it starts again.',
} as const;
