/**
 * The program for a page that draws it read-only (the output page, a guest's program return), in
 * every mode: the channel's room followed through the same sync client as a studio's (one that
 * never writes), each channel turned into the program's document over the newest one, and its
 * people from the meeting (backend mode), which show it once its new feeds have a frame. The page's
 * own program store, never the studio's editing store. Returns the stop.
 */
import { emptyChannel, type ChannelDoc } from '../../../compositor/model/channel';
import { createSyncClient, docFromKeyed, emptyServerChannel } from '../../../compositor/sync';
import type { Backend, ReadOnlyLink } from '../../state/backend';
import { useProgramStore } from '../../state/programStore';

/** A follower never pushes: its origin only has to differ from every producer's. */
const FOLLOWER_ORIGIN = 'read-only-follower';

export function followProgram(
  b: Pick<Backend, 'channel' | 'meeting'>,
  link: ReadOnlyLink | null,
  o: { show?(doc: ChannelDoc): void; refused(message: string | null): void; ownFeed?: string },
): () => void {
  const show = o.show ?? ((doc: ChannelDoc) => useProgramStore.setState({ doc }));
  const people = link ? b.meeting.live?.receiveProgram(link.channel, link.token, show, o.ownFeed) : undefined;
  const program = people ?? { present: show, stop: () => undefined };
  const follower = createSyncClient({ origin: FOLLOWER_ORIGIN, server: emptyServerChannel() });
  let latest: ChannelDoc = emptyChannel();
  const unfollow = b.channel.followReadOnly(link, {
    channel(server) {
      if (!follower.receive(server)) return;
      latest = docFromKeyed(follower.view(), latest);
      program.present(latest);
    },
    refused: o.refused,
  });
  return () => {
    unfollow();
    program.stop();
  };
}
