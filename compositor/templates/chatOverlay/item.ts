/** §3 Template item type CHAT: the public message on stream (primaryText) and its sender (secondaryText). */
import type { ChatItem } from '../../model/channel';
import { defineSchema } from '../schemaKit';

export const chatSchema = defineSchema<'CHAT'>({
  type: 'CHAT',
  defaults: {},
  readExtra: () => ({}),
  toScene: (item: ChatItem, { brandSettings }) =>
    item.isVisible ? { kind: 'chat', id: item.id, name: item.secondaryText, text: item.primaryText, primaryColor: brandSettings.primaryColor } : null,
});
