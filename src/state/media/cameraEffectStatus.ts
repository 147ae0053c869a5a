/**
 * Whether a camera effect (blur, virtual background) is being started: the segmentation's first
 * start loads its model and can take seconds on a slow machine, while the camera is shown raw.
 * Settings › Camera says so instead of leaving the moderator to wonder whether the switch worked.
 */
import { create } from 'zustand';

export const useCameraEffectStatus = create<{ starting: boolean }>()(() => ({ starting: false }));
