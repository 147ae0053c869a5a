import { beforeEach, describe, expect, it } from 'vitest';
import { resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { syncChatOverlay } from '../../src/services/channel/chatOverlay';
import { emptyChannel } from '../../compositor/model/channel';
import { stageActions } from '../../src/state/channel/stageActions';
import { useChannelStore } from '../../src/state/channel/store';
import { channelBody } from '../../compositor/convert';
import { selectScene } from '../../src/state/channel/scene';

const sender = { guid: 'att-guid-0001', name: 'Zoe <i>Martin</i>', role: 'Attendee' as const };

beforeEach(() => {
  resetChatStore();
  stageActions.load(emptyChannel());
});

describe('chat message on stream → stage (§2 Public chat, §4)', () => {
  it('shows the message (cleaned by the shared text rule) on the scene and in the channel, one at a time, and hides it', () => {
    const stop = syncChatOverlay();
    const chat = useChatStore.getState();
    chat.receive({ id: 'm1', body: 'Love it! <img src=x onerror=alert(1)>', timestamp: 1, sender });
    chat.receive({ id: 'm2', body: 'Second one', timestamp: 2, sender });
    chat.showOnStream('m1');
    let doc = useChannelStore.getState().doc;
    expect(doc.chatOnStream).toMatchObject({ type: 'CHAT', id: 'm1', secondaryText: 'Zoe Martin', primaryText: 'Love it!' });
    expect(selectScene(doc).templates).toMatchObject([{ kind: 'chat', id: 'm1', name: 'Zoe Martin', text: 'Love it!', primaryColor: '#0D62C5' }]);
    expect(JSON.parse(channelBody(doc, { name: 'testing' }, null).templateAttributes).attributes[0]).toMatchObject({ type: 'CHAT', primaryText: 'Love it!' });

    useChatStore.getState().showOnStream('m2');
    doc = useChannelStore.getState().doc;
    expect(selectScene(doc).templates?.map((t) => t.id)).toEqual(['m2']);

    useChatStore.getState().hideFromStream();
    expect(useChannelStore.getState().doc.chatOnStream).toBeNull();
    expect(selectScene(useChannelStore.getState().doc).templates).toEqual([]);
    // Mirroring the chat store is not a stage edit to undo.
    expect(useChannelStore.getState().canUndo).toBe(false);
    stop();
  });
});
