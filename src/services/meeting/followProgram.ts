/**
 * The program for a page that draws it with a read-only token (the output page, a guest's program
 * return): the channel over REST and the studio socket, each scene parsed over the newest one
 * received, and its people from the meeting, which show it once its new feeds have a frame.
 * Returns the stop.
 */
import { channelFromBody } from '../../../compositor/convert';
import type { ChannelDoc } from '../../../compositor/model/channel';
import type { Backend } from '../../state/backend';
import { currentDoc } from '../../state/channel/store';

export function followProgram(b: Pick<Backend, 'channel' | 'meeting'>, channel: string, token: string, o: { show(doc: ChannelDoc): void; refused(message: string): void; ownFeed?: string }): () => void {
  const service = b.channel;
  if (service.kind !== 'sync') return () => undefined;
  const program = b.meeting.live?.receiveProgram(channel, token, o.show, o.ownFeed) ?? { present: o.show, stop: () => undefined };
  let latest = currentDoc();
  const unfollow = service.followReadOnly(channel, token, {
    channel(body) {
      const parsed = channelFromBody(body, latest);
      if (!parsed) return;
      latest = parsed.doc;
      program.present(parsed.doc);
    },
    refused: o.refused,
  });
  return () => {
    unfollow();
    program.stop();
  };
}
