/**
 * One attempt of an RTMP destination (issue 31): the connection to the destination, checked and
 * (RTMPS) verified here (destinationRelay.ts); the loopback relay ffmpeg publishes to; the stream
 * key on a descriptor (keyPreset.ts). ffmpeg's arguments hold neither the key nor an address of
 * the destination's it could resolve again.
 */
import type { DestinationRules } from '../addresses';
import { rtmpTarget } from '../destinationUrl';
import { connectDestination, openRelay } from './destinationRelay';
import { keyPresetFd } from './keyPreset';
import type { OutputRun } from './output';
import { rtmpArgs } from './outputArgs';
import type { WorkerDestination } from './protocol';

export function destinationRun(d: WorkerDestination, o: { rules: DestinationRules; ca: string[] }): () => Promise<OutputRun> {
  const target = rtmpTarget(d.serverUrl);
  return async () => {
    const upstream = await connectDestination(target, o);
    const relay = await openRelay(upstream);
    try {
      return { args: rtmpArgs(relay.port, target), fds: [keyPresetFd(d.streamKey)], close: relay.close };
    } catch (e) {
      relay.close();
      throw e;
    }
  };
}
