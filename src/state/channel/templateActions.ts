/**
 * Edits of the channel's template items (§3 Template item). The Graphics panel's lower thirds,
 * tickers, logos and name tags add theirs here; today the chat message on stream lives here.
 */
import { createTemplate } from '../../../compositor/templates/schemas';
import { edit } from './store';

/** The public chat message on stream (§3 Template item type CHAT): its id, sender and text. */
export interface ChatOnStream {
  id: string;
  name: string;
  text: string;
}

export const templateActions = {
  /**
   * The chat message on stream follows the chat store (§4 one at a time): the CHAT item is replaced
   * or removed. Saved, not undoable (undo would fight the chat panel's own state).
   */
  setChatOnStream(message: ChatOnStream | null): boolean {
    return edit(
      'Chat on stream',
      { group: 'CHANNEL', action: message ? 'SELECT' : 'UNSELECT', id: message?.id ?? null },
      (doc) => {
        doc.chatOnStream = message ? createTemplate('CHAT', { id: message.id, primaryText: message.text, secondaryText: message.name }) : null;
      },
      { record: false },
    );
  },
  /**
   * §3 shiftVideosUp mirrored from the moderator's settings into the channel's brand settings, so the
   * output page and the capture draw the same program as the preview. Saved, not undoable (a setting).
   */
  setShiftVideosUp(on: boolean): boolean {
    return edit(
      'Shift videos up',
      { group: 'BRANDSETTING', action: 'SELECT', id: 'shiftVideosUp' },
      (doc) => {
        doc.brandSettings.shiftVideosUp = on;
      },
      { record: false },
    );
  },
};
