/**
 * Our shared video, told to the services (§7): the moderator action PUT sharevideo?action={state},
 * and the playout's video layer: POST channel/{uuid}/layer/20000/{pause|resume|seek/{frame}} with
 * frame = fraction × duration × 30. §8: errors of these calls are swallowed silently (logged).
 */
import { seekFrame, type ChannelClient } from '../../api/channel';
import { PLAYOUT_FRAME_RATE } from '../../lib/limits';
import { errorMessage, log } from '../../log';
import type { SharedVideoReport } from '../../state/media/sharedVideo';
import { peekJoin } from './joined';
import { tokens } from './tokens';

export function createSharedVideoCalls(channels: ChannelClient) {
  let lastSeek = 0;
  const swallow = (what: string) => (error: unknown) => log.warn('sharedVideo', `${what} failed: ${errorMessage(error)}`);
  return async function reportSharedVideo(event: SharedVideoReport, durationSec: number | undefined): Promise<void> {
    const joined = peekJoin();
    if (!joined) return;
    await joined.audience.moderator
      .shareVideo(event.state, { contentId: event.contentId, endpointGuid: joined.moderatorGuid, offset: event.seek, userAccessToken: tokens.user() ?? '' })
      .catch(swallow('sharevideo'));
    const uuid = joined.channelUuid;
    if (event.state === 'PAUSED') await channels.videoControl(uuid, 'pause').catch(swallow('pause'));
    if (event.state !== 'PLAYING') return void (lastSeek = event.seek);
    const frame = durationSec ? seekFrame(event.seek / durationSec, durationSec, PLAYOUT_FRAME_RATE) : null;
    if (frame !== null && event.seek !== lastSeek) await channels.videoControl(uuid, 'seek', frame).catch(swallow('seek'));
    await channels.videoControl(uuid, 'resume').catch(swallow('resume'));
    lastSeek = event.seek;
  };
}
