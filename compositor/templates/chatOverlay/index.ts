/** The chat overlay graphic (§3 Template item type CHAT): definition, schema, geometry and view. */
import type { SceneChatOverlay, SceneTemplate } from '../../model/scene';
import { defineTemplate } from '../types';
import { CHAT_FONTS, CHAT_OVERLAY_Z } from './schema';
import { createChatOverlayView } from './view';

export const chatOverlayTemplate = defineTemplate<SceneChatOverlay>({
  kind: 'chat',
  z: CHAT_OVERLAY_Z,
  fonts: CHAT_FONTS,
  accepts: (model: SceneTemplate): model is SceneChatOverlay => model.kind === 'chat',
  create: createChatOverlayView,
});

export * from './schema';
export * from './geometry';
export { ChatOverlayView, chatOverlayLooksDifferent } from './view';
