/**
 * The program as a read-only page draws it (the output page, a guest's program return): the channel
 * followed from its room, apart from the studio's editing store (src/state/channel), which such a
 * page never writes.
 */
import { create } from 'zustand';
import { emptyChannel, type ChannelDoc } from '../../compositor/model/channel';

export const useProgramStore = create<{ doc: ChannelDoc }>()(() => ({ doc: emptyChannel() }));
